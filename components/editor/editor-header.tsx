"use client";
// Workflow header: back to the list, name (inline edit), save state, undo/redo, Draft/Live.
import Link from "next/link";
import { AlertTriangle, ArrowLeft, Check, CloudUpload, Loader2, Redo2, Undo2 } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { PushReviewLink } from "@/components/push/push-review-link";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import type { SaveState } from "@/components/editor/use-editor-document";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";

function SaveIndicator({ save, onSelect }: { save: SaveState; onSelect: (id: string) => void }) {
  const base = "inline-flex items-center gap-1.5 text-xs";
  switch (save.kind) {
    case "saved":
      return <span className={`${base} text-slate-500`} data-save-state="saved"><Check className="h-3.5 w-3.5" aria-hidden /> All changes saved</span>;
    case "pending":
      return <span className={`${base} text-slate-500`} data-save-state="pending"><CloudUpload className="h-3.5 w-3.5" aria-hidden /> Unsaved changes</span>;
    case "saving":
      return <span className={`${base} text-slate-500`} data-save-state="saving"><Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> Saving…</span>;
    case "invalid":
      return (
        <button type="button" className={`${base} text-amber-800 hover:underline`} data-save-state="invalid" onClick={() => onSelect(save.problems[0].stepId)}>
          <AlertTriangle className="h-3.5 w-3.5" aria-hidden /> Not saved: step {save.problems[0].number} — {save.problems[0].message}
        </button>
      );
    case "error":
      return <span className={`${base} text-red-700`} data-save-state="error"><AlertTriangle className="h-3.5 w-3.5" aria-hidden /> Not saved: {save.message}</span>;
    case "conflict":
      return <span className={`${base} text-red-700`} data-save-state="conflict"><AlertTriangle className="h-3.5 w-3.5" aria-hidden /> Someone else saved</span>;
  }
}

export function EditorHeader() {
  const { doc, workspaceId, workflowId, rename, select } = useEditor();
  const { setMode } = useWorkflowActions();
  const live = doc.server?.mode === "live";
  return (
    <header aria-label="Workflow" data-testid="editor-header" className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <Link href={`/w/${workspaceId}/workflows`} className={buttonClass("ghost", "sm", "px-2")} aria-label="Back to workflows">
        <ArrowLeft className="h-4 w-4" aria-hidden />
      </Link>
      <input
        aria-label="Workflow name"
        value={doc.state.name}
        onChange={(e) => rename(e.target.value)}
        className="min-w-0 max-w-sm flex-1 rounded border border-transparent px-1.5 py-1 text-base font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
      />
      {live ? <Badge tone="green">Live</Badge> : <Badge>Draft</Badge>}
      <div className="min-w-0 flex-1 truncate" role="status" aria-live="polite">
        <SaveIndicator save={doc.save} onSelect={select} />
      </div>
      <IconButton label="Undo (Ctrl+Z)" disabled={!doc.state.past.length} onClick={() => doc.dispatch({ type: "undo" })}>
        <Undo2 className="h-4 w-4" aria-hidden />
      </IconButton>
      <IconButton label="Redo (Ctrl+Shift+Z)" disabled={!doc.state.future.length} onClick={() => doc.dispatch({ type: "redo" })}>
        <Redo2 className="h-4 w-4" aria-hidden />
      </IconButton>
      <PushReviewLink workspaceId={workspaceId} workflowId={workflowId} />
      {setMode.error && <span role="alert" className="max-w-xs truncate text-xs text-red-700" title={setMode.error.message}>{setMode.error.message}</span>}
      {live ? (
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setMode.mutate("draft")} disabled={setMode.isPending}>
          Unpublish
        </button>
      ) : (
        <button type="button" className={buttonClass("primary", "sm")} onClick={() => setMode.mutate("live")} disabled={setMode.isPending}>
          Go live
        </button>
      )}
    </header>
  );
}
