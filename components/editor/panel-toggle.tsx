"use client";
// Collapsing the Tools dock and the Workflow data panel (side by side layout, from 1024 px): at
// laptop width they and the step panel leave the canvas a third of the screen. The choice is
// remembered per browser (where storage is blocked, for the page only); below 1024 px the panes
// are tabs and always shown whole. Where a panel starts collapsed or narrow (use-panel-defaults.ts:
// 1024–1439 px with a step open), showing it is remembered too, so the user's choice wins there.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";

export type EditorPanel = "tools" | "data";

const storageKey = (panel: EditorPanel) => `msp-flow:editor:${panel}-collapsed`;
type PanelStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
/** The user's choice: collapsed (true), shown (false), or none yet (null: the layout's default). */
export type PanelChoice = boolean | null;

/**
 * Which panels the user collapsed or showed, kept in `storage` ("1" / "0"; read through a getter:
 * touching a blocked localStorage throws). When storage refuses, the choice is kept in memory for
 * this page: the panel still hides and shows, it just isn't remembered.
 */
export function createCollapsedStore(storage: () => PanelStorage) {
  const memory = new Map<EditorPanel, PanelChoice>();
  const listeners = new Set<() => void>();
  return {
    listeners,
    read(panel: EditorPanel): PanelChoice {
      if (memory.has(panel)) return memory.get(panel)!;
      try {
        const kept = storage().getItem(storageKey(panel));
        return kept === "1" ? true : kept === "0" ? false : null;
      } catch {
        return null; // storage blocked: panels simply start as the layout has them
      }
    },
    write(panel: EditorPanel, collapsed: PanelChoice) {
      try {
        if (collapsed === null) storage().removeItem(storageKey(panel));
        else storage().setItem(storageKey(panel), collapsed ? "1" : "0");
        memory.delete(panel);
      } catch {
        memory.set(panel, collapsed);
      }
      for (const l of listeners) l();
    },
  };
}

const store = createCollapsedStore(() => window.localStorage);

function subscribe(l: () => void) {
  store.listeners.add(l);
  window.addEventListener("storage", l); // another tab changed it
  return () => {
    store.listeners.delete(l);
    window.removeEventListener("storage", l);
  };
}

/** How a panel starts before any choice of the user's (use-panel-defaults.ts): open, collapsed
 *  to its rail, or — the Tools dock — narrow, its tools as icons. */
export type PanelStart = "open" | "narrow" | "collapsed";

/** Whether `panel` is open (the user's choice, else as it `start`s) and, open, still narrow (no
 *  choice made yet), and a toggle that moves focus to the button that reverses it. */
export function usePanelOpen(panel: EditorPanel, start: PanelStart = "open") {
  const choice = useSyncExternalStore(subscribe, () => store.read(panel), () => null);
  const open = !(choice ?? start === "collapsed");
  const narrow = choice === null && start === "narrow";
  // The button pressed goes away with the panel (or the rail, or the narrow dock's Show names):
  // focus follows to its counterpart, the Hide button of the panel shown whole.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    document.getElementById(toggleId(panel, open))?.focus();
  }, [open, narrow, panel]);
  const setOpen = (next: boolean) => {
    refocus.current = true;
    // Hiding is remembered everywhere, as it always was; showing only where the panel would
    // otherwise start collapsed or narrow (elsewhere "shown" is the default, and stays free to follow it).
    store.write(panel, next ? (start === "open" ? null : false) : true);
  };
  return { open, narrow, setOpen };
}

const toggleId = (panel: EditorPanel, open: boolean) => `editor-${panel}-${open ? "hide" : "show"}`;
const NAMES: Record<EditorPanel, string> = { tools: "Tools", data: "Workflow data" };

/** The expanded panel's "Hide" button (side by side layout only). */
export function HidePanelButton({ panel, onClick }: { panel: EditorPanel; onClick: () => void }) {
  const Icon = panel === "tools" ? PanelLeftClose : PanelRightClose;
  return (
    <IconButton id={toggleId(panel, true)} label={`Hide ${NAMES[panel]}`} aria-expanded onClick={onClick} className="-my-1 h-7 w-7 max-lg:hidden">
      <Icon className="h-4 w-4" aria-hidden />
    </IconButton>
  );
}

/** What a collapsed panel leaves: a thin rail with its name and the button that shows it again. */
export function CollapsedRail({ panel, onExpand }: { panel: EditorPanel; onExpand: () => void }) {
  const Icon = panel === "tools" ? PanelLeftOpen : PanelRightOpen;
  return (
    <div className={`hidden w-10 shrink-0 flex-col items-center gap-2 bg-white py-2 lg:flex ${panel === "tools" ? "border-r" : "border-l"} border-slate-200`}>
      <IconButton id={toggleId(panel, false)} label={`Show ${NAMES[panel]}`} aria-expanded={false} onClick={onExpand}>
        <Icon className="h-4 w-4" aria-hidden />
      </IconButton>
      <span aria-hidden className="text-xs font-semibold uppercase tracking-wide text-slate-500 [writing-mode:vertical-rl]">
        {NAMES[panel]}
      </span>
    </div>
  );
}
