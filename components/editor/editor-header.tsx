"use client";
// Workflow header: back to the list, name (inline edit), save state, undo/redo, Draft/Live.
import Link from "next/link";
import { ArrowLeft, Redo2, Undo2 } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { PushReviewLink } from "@/components/push/push-review-link";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { SaveIndicator } from "@/components/editor/save-indicator";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";

export function EditorHeader() {
  const { doc, workspaceId, workflowId, rename, select, readOnly, undo, redo } = useEditor();
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
        readOnly={readOnly}
        onChange={(e) => rename(e.target.value)}
        className="min-w-0 max-w-sm flex-1 rounded border border-transparent px-1.5 py-1 text-base font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
      />
      {live ? <Badge tone="green">Live</Badge> : <Badge>Draft</Badge>}
      {readOnly && <Badge tone="slate">View only · your role here is viewer</Badge>}
      <div className="min-w-0 flex-1 truncate" role="status" aria-live="polite">
        <SaveIndicator save={doc.save} onSelect={select} />
      </div>
      {!readOnly && (
        <>
          <IconButton label="Undo (Ctrl+Z)" disabled={!doc.state.past.length} onClick={undo}>
            <Undo2 className="h-4 w-4" aria-hidden />
          </IconButton>
          <IconButton label="Redo (Ctrl+Shift+Z)" disabled={!doc.state.future.length} onClick={redo}>
            <Redo2 className="h-4 w-4" aria-hidden />
          </IconButton>
        </>
      )}
      <PushReviewLink workspaceId={workspaceId} workflowId={workflowId} canPush={!readOnly} />
      {setMode.error && <span role="alert" className="max-w-xs truncate text-xs text-red-700" title={setMode.error.message}>{setMode.error.message}</span>}
      {readOnly ? null : live ? (
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
