// CodeMirror extension that shows each `{{ … }}` reference as a chip: "1 › host › id" for a
// step reference, red when it is not a valid reference or points at a removed step. The chip
// is atomic (the cursor steps over it, Backspace deletes it whole); the text stays the source.
import { Decoration, EditorView, MatchDecorator, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from "@codemirror/view";
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";
import { chipLabel } from "@/lib/editor/step-references";

class ChipWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  eq(other: ChipWidget) {
    return other.text === this.text;
  }
  toDOM() {
    const ref = parseReference(this.text.slice(2, -2));
    const el = document.createElement("span");
    const bad = !ref || ref.type === "removed";
    el.className = `cm-ref-chip ${bad ? "cm-ref-chip-bad" : ""}`;
    el.textContent = ref ? chipLabel(ref) : this.text;
    el.title = bad ? `${this.text} — not a valid reference` : this.text;
    el.setAttribute("data-reference", this.text);
    return el;
  }
  ignoreEvent() {
    return false;
  }
}

const matcher = new MatchDecorator({
  regexp: new RegExp(REFERENCE_PATTERN.source, "g"),
  decoration: (m) => Decoration.replace({ widget: new ChipWidget(m[0]) }),
});

export const referenceChips = ViewPlugin.fromClass(
  class {
    chips: DecorationSet;
    constructor(view: EditorView) {
      this.chips = matcher.createDeco(view);
    }
    update(u: ViewUpdate) {
      this.chips = matcher.updateDeco(u, this.chips);
    }
  },
  {
    decorations: (v) => v.chips,
    provide: (p) => EditorView.atomicRanges.of((view) => view.plugin(p)?.chips ?? Decoration.none),
  },
);

export const chipTheme = EditorView.baseTheme({
  ".cm-ref-chip": {
    display: "inline-block",
    padding: "0 6px",
    margin: "0 1px",
    borderRadius: "9999px",
    background: "#eef5ff",
    color: "#2446b0",
    border: "1px solid #d9e8ff",
    fontSize: "12px",
    lineHeight: "18px",
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
  },
  ".cm-ref-chip-bad": { background: "#fef2f2", color: "#b91c1c", borderColor: "#fecaca" },
});
