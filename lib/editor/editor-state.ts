// The editor's document state with undo/redo. Every user edit bumps `revision`; autosave saves
// when `revision` is ahead of the last saved one. Typing in one field is coalesced into a
// single undo entry (same `coalesce` key in a row). Pure reducer, unit-tested.
import type { EditorStep } from "@/lib/editor/step-ops";

export type Doc = { name: string; steps: EditorStep[] };

export type EditorState = Doc & {
  past: Doc[];
  future: Doc[];
  revision: number;
  lastCoalesce: string | null;
  /** Someone else's version was taken while there was history: Undo starts again from it (the
   *  header says so until the next edit, or until dismissed). */
  historyDropped: boolean;
};

export type EditorAction =
  | { type: "load"; doc: Doc }
  | { type: "edit"; doc: Partial<Doc>; coalesce?: string }
  | { type: "undo" }
  | { type: "redo" }
  /** The server's normalised copy of exactly what was saved: not an edit, not undoable. */
  | { type: "server"; doc: Doc }
  /** Someone else's newer save, taken as-is (nothing here was unsaved). */
  | { type: "theirs"; doc: Doc }
  | { type: "dismiss-history-note" };

export const HISTORY_LIMIT = 100;

export const initialEditorState = (doc: Doc): EditorState => ({ ...doc, past: [], future: [], revision: 0, lastCoalesce: null, historyDropped: false });

const snapshot = (s: EditorState): Doc => ({ name: s.name, steps: s.steps });

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "load":
      return { ...initialEditorState(action.doc), revision: state.revision };
    case "edit": {
      const next = { ...snapshot(state), ...action.doc };
      if (next.name === state.name && next.steps === state.steps) return state;
      const merge = action.coalesce !== undefined && action.coalesce === state.lastCoalesce;
      const past = merge ? state.past : [...state.past, snapshot(state)].slice(-HISTORY_LIMIT);
      return { ...next, past, future: [], revision: state.revision + 1, lastCoalesce: action.coalesce ?? null, historyDropped: false };
    }
    case "undo": {
      const prev = state.past.at(-1);
      if (!prev) return state;
      return { ...prev, past: state.past.slice(0, -1), future: [snapshot(state), ...state.future], revision: state.revision + 1, lastCoalesce: null, historyDropped: false };
    }
    case "redo": {
      const [next, ...future] = state.future;
      if (!next) return state;
      return { ...next, past: [...state.past, snapshot(state)], future, revision: state.revision + 1, lastCoalesce: null, historyDropped: false };
    }
    case "server":
      return { ...state, ...action.doc };
    // Every entry of the history is a whole document from before their save: undoing to one would
    // put back what they changed, and autosave would store that over their work. So history
    // starts again from their version, as "Load their version" does.
    case "theirs": {
      const hadHistory = state.past.length > 0 || state.future.length > 0;
      return { ...state, ...action.doc, past: [], future: [], lastCoalesce: null, historyDropped: state.historyDropped || hadHistory };
    }
    case "dismiss-history-note":
      return state.historyDropped ? { ...state, historyDropped: false } : state;
  }
}
