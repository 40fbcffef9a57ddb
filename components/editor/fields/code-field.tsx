"use client";
// A CodeMirror 6 field: JavaScript or JSON (multi-line, line numbers), or a template (one or
// more lines with reference chips). Registers itself as the Workflow data panel's insert target
// when focused, so a clicked field path lands at this field's cursor.
// Tab indents only in a code editor (JavaScript, JSON), and only once the user has typed or
// clicked in it: entered with Tab / Shift+Tab, Tab moves on (as GitHub's and VS Code's tab-focus
// mode), since tabbing through a step's settings used to indent the code and autosave a new
// version, even of a Live workflow. After that Escape, then Tab still leaves (CodeMirror's own
// escape hatch). In a template Tab always moves on, as in any form field: it used to put spaces
// into a URL or a message.
// A viewer's editor (readOnly): CodeMirror's own read-only state — the text stays a focusable,
// selectable textbox in the accessibility tree (aria-readonly), but typing, pasting, dropping,
// undo and a Workflow data insert change nothing.
import { useEffect, useId, useRef, useState } from "react";
import { defaultKeymap, history, historyKeymap, indentLess, indentMore } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import { bracketMatching, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from "@codemirror/language";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, placeholder as cmPlaceholder } from "@codemirror/view";
import { useEditor } from "@/components/editor/editor-context";
import { clearInsertTarget, setInsertTarget, type InsertTarget } from "@/components/editor/insert-target";
import { chipTheme, referenceChips } from "@/components/editor/fields/reference-chips";

export type CodeFieldProps = {
  value: string;
  onChange: (v: string) => void;
  language: "javascript" | "json" | "template";
  label: string;
  multiline?: boolean;
  placeholder?: string;
  /** Marks the field invalid for screen readers, with a red border ("missing": amber, like its message). */
  invalid?: boolean | "missing";
  /** Id of the message about the field (an error, what is missing): its accessible description. */
  describedBy?: string;
  id?: string;
};

const TAB_HINT = "Tab moves on until you type or click here; then Tab indents. To move on: Esc, then Tab.";

const theme = EditorView.theme({
  "&": { fontSize: "13px", backgroundColor: "white" },
  "&.cm-focused": { outline: "none" },
  ".cm-content": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", padding: "6px 0" },
  ".cm-gutters": { backgroundColor: "#f8fafc", borderRight: "1px solid #e2e8f0", color: "#94a3b8" },
  ".cm-scroller": { maxHeight: "320px", overflow: "auto" },
});

// One-line templates: Enter does nothing and pasted newlines become spaces.
const singleLine = EditorState.transactionFilter.of((tr) => (tr.newDoc.lines > 1 ? [] : tr));

/** Attributes that follow the props; the rest are set once, when the editor is created. */
const ariaAttributes = (invalid: CodeFieldProps["invalid"], describedBy: string) =>
  EditorView.contentAttributes.of({ ...(invalid ? { "aria-invalid": "true" } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) });

const readOnlyState = (readOnly: boolean) => (readOnly ? [EditorState.readOnly.of(true), EditorView.contentAttributes.of({ "aria-readonly": "true" })] : []);

export function CodeField({ value, onChange, language, label, multiline, placeholder, invalid, describedBy, id }: CodeFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const code = language !== "template";
  const hintId = useId();
  const described = [describedBy, code ? hintId : undefined].filter(Boolean).join(" ");
  const [aria] = useState(() => new Compartment());
  const [locked] = useState(() => new Compartment());
  const { readOnly } = useEditor();
  const view = useRef<EditorView | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  // Set while the text is replaced from outside, so that replacement is not echoed as an edit.
  const syncing = useRef(false);
  // Whether Tab moves focus on rather than indenting: set when focus arrives by keyboard, cleared
  // by typing or clicking in the field. `deliberate` marks a focus that came from a click (or an
  // insert from the data panel), which must not turn indenting off.
  const tabMovesOn = useRef(false);
  const deliberate = useRef(false);

  useEffect(() => {
    const lang: Extension[] =
      language === "javascript" ? [javascript(), lineNumbers()] : language === "json" ? [json(), lineNumbers(), referenceChips] : [referenceChips];
    const target: InsertTarget = {
      label,
      insert(text) {
        const v = view.current;
        if (!v || v.state.readOnly) return;
        const { from, to } = v.state.selection.main;
        v.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length }, scrollIntoView: true });
        deliberate.current = true;
        v.focus();
      },
    };
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          // Returning false leaves the key to the browser, which moves focus on.
          keymap.of([
            ...defaultKeymap,
            ...historyKeymap,
            ...(code ? [{ key: "Tab", run: (v: EditorView) => !tabMovesOn.current && indentMore(v), shift: (v: EditorView) => !tabMovesOn.current && indentLess(v) }] : []),
          ]),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          EditorView.lineWrapping,
          theme,
          chipTheme,
          ...lang,
          ...(language === "template" && !multiline ? [singleLine] : []),
          placeholder ? cmPlaceholder(placeholder) : [],
          EditorView.contentAttributes.of({ "aria-label": label, ...(id ? { id } : {}), "aria-multiline": String(code || !!multiline) }),
          aria.of(ariaAttributes(invalid, described)),
          locked.of(readOnlyState(readOnly)),
          // On the DOM's own focus event, not CodeMirror's focusChanged update, which comes a
          // moment later: a Tab pressed at once would otherwise still indent.
          EditorView.domEventHandlers({
            focus: () => {
              tabMovesOn.current = !deliberate.current;
              deliberate.current = false;
            },
          }),
          EditorView.updateListener.of((u) => {
            if (u.focusChanged && u.view.hasFocus) setInsertTarget(target);
            if (u.docChanged && !syncing.current) {
              tabMovesOn.current = false;
              change.current(u.state.doc.toString());
            }
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      clearInsertTarget(target);
      v.destroy();
      view.current = null;
    };
    // The editor is created once per field; later value changes are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, multiline]);

  useEffect(() => {
    view.current?.dispatch({ effects: aria.reconfigure(ariaAttributes(invalid, described)) });
  }, [aria, invalid, described]);

  useEffect(() => {
    view.current?.dispatch({ effects: locked.reconfigure(readOnlyState(readOnly)) });
  }, [locked, readOnly]);

  // Undo/redo or someone else's version changed the value from outside: replace the text,
  // keeping the cursor where it was (as far as the new text reaches) rather than at the start.
  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === value) return;
    syncing.current = true;
    try {
      const { anchor, head } = v.state.selection.main;
      const clamp = (n: number) => Math.min(n, value.length);
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, selection: { anchor: clamp(anchor), head: clamp(head) } });
    } finally {
      syncing.current = false;
    }
  }, [value]);

  const border = invalid === "missing" ? "border-amber-300" : invalid ? "border-red-300" : "border-slate-300";
  return (
    <div>
      <div
        ref={host}
        data-field={label}
        onPointerDownCapture={() => {
          deliberate.current = true;
          tabMovesOn.current = false;
        }}
        className={`overflow-hidden rounded-md border bg-white focus-within:border-brand-500 focus-within:ring-1 focus-within:ring-brand-500 ${border}`}
      />
      {/* Always shown: shown on focus only, it moved what is below as focus left (a click there missed). */}
      {code && (
        <p id={hintId} className="mt-1 text-[11px] text-slate-500">
          {TAB_HINT}
        </p>
      )}
    </div>
  );
}
