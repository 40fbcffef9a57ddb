"use client";
// What the editor's panels share: the document, the selected step and the edit verbs. Edits go
// through these verbs so every structural change renumbers references (lib/editor/step-ops).
import { createContext, useContext, useDeferredValue, useMemo, useState } from "react";
import type { EditorDocument, Lost } from "@/components/editor/use-editor-document";
import { editorReducer } from "@/lib/editor/editor-state";
import { createStep, insertStep, isTrigger, moveStep, removeStep, updateStep, type BranchRef, type EditorStep } from "@/lib/editor/step-ops";
import type { StepKind } from "@/lib/steps/catalog";

/** A run to show on opening (a link from the Runs page): its step selected, on Executions. */
export type EditorFocus = { stepId: string; runId: string };

export type EditorApi = {
  /** A viewer's editor: everything shows, nothing changes (the verbs below do nothing). Also an
   *  editor whose workflow was deleted, or whose user lost access or became a viewer meanwhile. */
  readOnly: boolean;
  /** What the editor's polls noticed since it opened (a viewer from the start is no news). */
  lost: Lost | null;
  workflowId: string;
  workspaceId: string;
  focus: EditorFocus | null;
  doc: EditorDocument;
  steps: EditorStep[];
  /** `steps` a render behind while typing (useDeferredValue; added, removed or moved steps at
   *  once): for the views of the whole workflow (canvas, checks, Workflow data), which, redrawn
   *  and rechecked before each typed character showed, made typing in a 41-step workflow several
   *  times slower than in a 3-step one. They catch up when React has a moment (bench:editor). */
  settledSteps: EditorStep[];
  selectedId: string | null;
  select: (id: string | null) => void;
  /** Adds a step and returns its id; a trigger that would replace the current one waits for
   *  confirmation instead (`pendingTrigger`) and returns null. */
  add: (kind: StepKind, index?: number, via?: BranchRef) => string | null;
  /** A trigger kind the user asked for while the workflow already has a trigger. */
  pendingTrigger: StepKind | null;
  /** Replaces the trigger with the pending kind (confirmed) or drops the request (null). */
  settleTrigger: (confirmed: boolean) => void;
  remove: (id: string) => void;
  move: (id: string, to: number) => void;
  update: (id: string, patch: Partial<Pick<EditorStep, "name" | "config">>, coalesce?: string) => void;
  rename: (name: string) => void;
  /** Undo / redo; a step they bring back becomes the selected one (so it shows where it is). */
  undo: () => void;
  redo: () => void;
};

const Ctx = createContext<EditorApi | null>(null);

const sameOrder = (a: EditorStep[], b: EditorStep[]) => a === b || (a.length === b.length && a.every((s, i) => s.id === b[i].id));

export function useEditor(): EditorApi {
  const v = useContext(Ctx);
  if (!v) throw new Error("useEditor outside <EditorProvider>");
  return v;
}

type ProviderProps = { doc: EditorDocument; workflowId: string; workspaceId: string; focus?: EditorFocus | null; readOnly?: boolean; children: React.ReactNode };

export function EditorProvider({ doc, workflowId, workspaceId, focus = null, readOnly: openedReadOnly = false, children }: ProviderProps) {
  const lost = doc.lost === "viewer" && openedReadOnly ? null : doc.lost;
  const readOnly = openedReadOnly || lost !== null;
  const [selectedId, select] = useState<string | null>(focus?.stepId ?? null);
  // Replacing a trigger retires its webhook URL and discards its shared secret on the next save,
  // which undo cannot bring back (the server issues a new URL): so it is confirmed first.
  const [pendingTrigger, setPendingTrigger] = useState<StepKind | null>(null);
  const { state, dispatch } = doc;
  // Only an edit inside steps lags: one that adds, removes or moves a step is drawn at once, as focus
  // and selection follow it onto the canvas's nodes (a neighbour focused after Delete).
  const deferredSteps = useDeferredValue(state.steps);
  const settledSteps = sameOrder(deferredSteps, state.steps) ? deferredSteps : state.steps;
  const api = useMemo<EditorApi>(() => {
    const steps = state.steps;
    const travel = (type: "undo" | "redo") => {
      if (readOnly) return;
      const before = new Set(steps.map((s) => s.id));
      const back = editorReducer(state, { type }).steps.find((s) => !before.has(s.id));
      dispatch({ type });
      if (back) select(back.id);
    };
    const insert = (kind: StepKind, index: number, via?: BranchRef) => {
      if (readOnly) return null;
      const step = createStep(kind);
      dispatch({ type: "edit", doc: { steps: insertStep(steps, index, step, via) } });
      select(step.id);
      return step.id;
    };
    return {
      readOnly,
      lost,
      workflowId,
      workspaceId,
      focus,
      doc,
      steps,
      settledSteps,
      selectedId: selectedId && steps.some((s) => s.id === selectedId) ? selectedId : null,
      select,
      add(kind, index = steps.length, via) {
        if (!readOnly && isTrigger(kind) && steps[0] && isTrigger(steps[0].kind)) {
          setPendingTrigger(kind);
          return null;
        }
        return insert(kind, index, via);
      },
      pendingTrigger,
      settleTrigger(confirmed) {
        if (confirmed && pendingTrigger) insert(pendingTrigger, 0);
        setPendingTrigger(null);
      },
      remove(id) {
        if (readOnly) return;
        const at = steps.findIndex((s) => s.id === id);
        dispatch({ type: "edit", doc: { steps: removeStep(steps, id) } });
        select(steps[at + 1]?.id ?? steps[at - 1]?.id ?? null);
      },
      move(id, to) {
        if (readOnly) return;
        dispatch({ type: "edit", doc: { steps: moveStep(steps, id, to) } });
      },
      update(id, patch, coalesce) {
        if (readOnly) return;
        dispatch({ type: "edit", doc: { steps: updateStep(steps, id, patch) }, coalesce: coalesce && `${id}:${coalesce}` });
      },
      rename(name) {
        if (readOnly) return;
        dispatch({ type: "edit", doc: { name }, coalesce: "workflow-name" });
      },
      undo: () => travel("undo"),
      redo: () => travel("redo"),
    };
  }, [state, settledSteps, selectedId, dispatch, doc, workflowId, workspaceId, focus, pendingTrigger, readOnly, lost]);
  return <Ctx.Provider value={api}>{children}</Ctx.Provider>;
}
