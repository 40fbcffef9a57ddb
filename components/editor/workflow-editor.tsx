"use client";
// The workflow editor page body: header, Tools dock, canvas, Workflow data and the step panel,
// with keyboard shortcuts (Delete, Ctrl+Z / Ctrl+Shift+Z, Ctrl+S) and loading / error states.
import { useEffect, useMemo, useState } from "react";
import Link from "next/link";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useRunQuery, useRunsQuery, useWorkflowQuery } from "@/components/editor/api";
import { ConflictBanner } from "@/components/editor/conflict-banner";
import { EditorHeader } from "@/components/editor/editor-header";
import { EditorProvider, useEditor, type EditorFocus } from "@/components/editor/editor-context";
import { FlowCanvas } from "@/components/editor/flow-canvas";
import { LeaveGuard } from "@/components/editor/leave-guard";
import { ReplaceTriggerDialog } from "@/components/editor/replace-trigger-dialog";
import { DataPanel } from "@/components/editor/panels/data-panel";
import { StepPanel } from "@/components/editor/step-panel";
import { ToolsDock } from "@/components/editor/tools-dock";
import { useEditorDocument } from "@/components/editor/use-editor-document";
import { buttonClass } from "@/components/ui/button";
import type { WorkflowView } from "@/lib/editor/api-types";
import type { StepStatus } from "@/lib/editor/flow-graph";

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) || !!el.closest(".cm-editor"));
// Delete/Backspace removes the selected step only from the canvas (or with nothing focused): on a
// tab, a button or the data tree of a panel it is a stray key, not "delete this step".
const onCanvas = (el: EventTarget | null) => el === document.body || (el instanceof HTMLElement && !!el.closest(".react-flow"));

function useShortcuts() {
  const { doc, selectedId, remove, readOnly, undo, redo } = useEditor();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (readOnly) return; // a viewer's editor sends nothing, Ctrl+S included
      if (mod && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void doc.saveNow({ force: true });
        return;
      }
      if (editable(e.target) || document.querySelector("[role=alertdialog],[role=dialog]")) return;
      if (mod && e.key.toLowerCase() === "z") {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (mod && e.key.toLowerCase() === "y") {
        e.preventDefault();
        redo();
      } else if ((e.key === "Delete" || e.key === "Backspace") && selectedId && onCanvas(e.target)) {
        e.preventDefault();
        remove(selectedId);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [doc, selectedId, remove, readOnly, undo, redo]);
}

function EditorLayout() {
  const { workflowId, doc, selectedId, readOnly } = useEditor();
  useShortcuts();
  const runs = useRunsQuery(workflowId, 20);
  const latest = useRunQuery(runs.data?.runs[0]?.id);
  const statuses = useMemo(() => new Map<string, StepStatus>((latest.data?.steps ?? []).map((s) => [s.stepId, s.status as StepStatus])), [latest.data]);
  const invalid = useMemo(() => new Map(doc.problems.map((p) => [p.stepId, p.message])), [doc.problems]);
  const showData = selectedId !== null && doc.state.steps[0]?.id !== selectedId;
  return (
    <div className="flex h-full flex-col">
      <EditorHeader />
      <ConflictBanner />
      <div className="flex min-h-0 flex-1">
        {!readOnly && <ToolsDock />}
        <main className="min-w-0 flex-1 bg-slate-50">
          <FlowCanvas statuses={statuses} invalid={invalid} />
        </main>
        {showData && <DataPanel />}
        <StepPanel />
      </div>
      <ReplaceTriggerDialog />
      <LeaveGuard />
    </div>
  );
}

type EditorProps = { workflowId: string; workspaceId: string; focus?: EditorFocus | null; /** The viewer role: look, don't change. */ readOnly?: boolean };

function LoadedEditor({ workflowId, workspaceId, focus, readOnly, initial }: EditorProps & { initial: WorkflowView }) {
  const doc = useEditorDocument(workflowId, initial);
  return (
    <EditorProvider doc={doc} workflowId={workflowId} workspaceId={workspaceId} focus={focus} readOnly={readOnly}>
      <EditorLayout />
    </EditorProvider>
  );
}

function EditorBody({ workflowId, workspaceId, focus, readOnly }: EditorProps) {
  const query = useWorkflowQuery(workflowId);
  // The first copy seeds the document; later refetches are handled inside it.
  const [initial, setInitial] = useState<WorkflowView | null>(null);
  if (!initial && query.data) setInitial(query.data);
  if (query.isError && !initial) {
    const notFound = (query.error as { status?: number }).status === 404;
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-lg font-semibold">{notFound ? "Workflow not found" : "Could not open this workflow"}</h1>
        <p className="max-w-md text-sm text-slate-500">{notFound ? "It may have been deleted, or it belongs to a workspace you cannot see." : query.error.message}</p>
        <div className="flex gap-2">
          {!notFound && <button type="button" className={buttonClass("secondary")} onClick={() => void query.refetch()}>Try again</button>}
          <Link href={`/w/${workspaceId}/workflows`} className={buttonClass("primary")}>Back to workflows</Link>
        </div>
      </div>
    );
  }
  if (!initial) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-slate-500" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Opening workflow…
      </div>
    );
  }
  return <LoadedEditor workflowId={workflowId} workspaceId={workspaceId} focus={focus} readOnly={readOnly} initial={initial} />;
}

export function WorkflowEditor(props: EditorProps) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <EditorBody {...props} />
    </QueryClientProvider>
  );
}
