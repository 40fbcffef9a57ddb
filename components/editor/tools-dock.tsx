"use client";
// The Tools dock: step kinds by group (Start, Logic, Data, Actions) with a search box. Click
// adds the step after the selected one (or at the end); drag drops it where it lands.
// Narrow (`onWiden`: 1280–1439 px with a step open, use-panel-defaults.ts) it is a 56 px column of
// the same buttons, icons only: each still adds or drags its step, its name and description in
// its tooltip and read out as before; the search box is what Show tool names brings back.
import { useMemo, useState } from "react";
import { PanelLeftOpen, Search } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { DRAG_MIME } from "@/components/editor/flow-canvas";
import { HidePanelButton } from "@/components/editor/panel-toggle";
import { IconButton } from "@/components/ui/icon-button";
import { GROUP_TONES, STEP_ICONS } from "@/components/editor/step-icons";
import { cn } from "@/components/ui/cn";
import { STEP_CATALOG, STEP_KINDS, type StepGroup } from "@/lib/steps/catalog";

const GROUPS: StepGroup[] = ["Start", "Logic", "Data", "Actions"];

/** `onHide` adds the Hide button (side by side layout); `onWiden`, the narrow dock's Show tool
 *  names; `className` hides the dock there when collapsed. */
export function ToolsDock({ onHide, onWiden, className }: { onHide?: () => void; onWiden?: () => void; className?: string }) {
  const narrow = !!onWiden;
  const { steps, selectedId, add } = useEditor();
  const [q, setQ] = useState("");
  const hasTrigger = steps[0] ? STEP_CATALOG[steps[0].kind].trigger : false;

  const groups = useMemo(() => {
    // Narrow, there is no search box: every tool is shown.
    const needle = narrow ? "" : q.trim().toLowerCase();
    return GROUPS.map((g) => ({
      group: g,
      kinds: STEP_KINDS.filter((k) => STEP_CATALOG[k].group === g).filter(
        (k) => !needle || `${STEP_CATALOG[k].label} ${STEP_CATALOG[k].description} ${g}`.toLowerCase().includes(needle),
      ),
    })).filter((g) => g.kinds.length);
  }, [q, narrow]);

  const afterSelected = () => {
    const i = steps.findIndex((s) => s.id === selectedId);
    return i >= 0 ? i + 1 : steps.length;
  };

  return (
    <aside aria-label="Tools" data-editor-panel="tools" className={cn("flex h-full shrink-0 flex-col border-r border-slate-200 bg-white", narrow ? "w-14" : "w-60", className)}>
      {narrow ? (
        <div className="flex flex-col items-center gap-1 border-b border-slate-200 py-2">
          <h2 className="sr-only">Tools</h2>
          <IconButton id="editor-tools-widen" label="Show tool names" onClick={onWiden}>
            <PanelLeftOpen className="h-4 w-4" aria-hidden />
          </IconButton>
          {onHide && <HidePanelButton panel="tools" onClick={onHide} />}
        </div>
      ) : (
        <div className="border-b border-slate-200 p-3">
          <div className="flex items-center justify-between">
            <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Tools</h2>
            {onHide && <HidePanelButton panel="tools" onClick={onHide} />}
          </div>
          <label className="relative mt-2 block">
            <span className="sr-only">Search tools</span>
            <Search className="pointer-events-none absolute left-2.5 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
            <input
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Search tools"
              className="w-full rounded-md border border-slate-300 py-2 pl-8 pr-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
            />
          </label>
        </div>
      )}
      <div className={cn("min-h-0 flex-1 overflow-y-auto", narrow ? "px-1.5 py-2" : "p-2")}>
        {groups.length === 0 && <p className="p-3 text-sm text-slate-500">No tool matches “{q}”.</p>}
        {groups.map(({ group, kinds }) => (
          <section key={group} aria-labelledby={`dock-${group}`} className={narrow ? "mb-2 border-b border-slate-100 pb-2 last:border-0" : "mb-3"}>
            <h3 id={`dock-${group}`} className={narrow ? "sr-only" : "px-2 py-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500"}>
              {group}
            </h3>
            <ul>
              {kinds.map((kind) => {
                const entry = STEP_CATALOG[kind];
                const Icon = STEP_ICONS[kind];
                const replaces = entry.trigger && hasTrigger;
                return (
                  <li key={kind}>
                    <button
                      type="button"
                      draggable
                      onDragStart={(e) => {
                        e.dataTransfer.setData(DRAG_MIME, kind);
                        e.dataTransfer.effectAllowed = "copy";
                      }}
                      onClick={() => add(kind, entry.trigger ? 0 : afterSelected())}
                      title={`${narrow ? `${entry.label}: ` : ""}${entry.description}${replaces ? " (replaces the current trigger, after asking)" : ""}`}
                      className={cn(
                        "group flex w-full items-center rounded-md py-1.5 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                        narrow ? "justify-center px-0" : "gap-2.5 px-2",
                      )}
                    >
                      <span className={cn("flex h-7 w-7 shrink-0 items-center justify-center rounded-md ring-1 ring-inset", GROUP_TONES[group])}>
                        <Icon className="h-3.5 w-3.5" aria-hidden />
                      </span>
                      <span className={narrow ? "sr-only" : "min-w-0"}>
                        <span className="block text-sm font-medium text-slate-800">{entry.label}</span>
                        <span className="block truncate text-xs text-slate-500">{entry.description}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </aside>
  );
}
