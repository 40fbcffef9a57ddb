"use client";
// Workflow header: back to the list, name (inline edit), save state, undo/redo, Draft/Live.
// Below 1024 px the bar keeps back, name, mode and Go live; the save state takes a second line
// (on a phone with Draft/Live, which leaves the name room) and Undo, Redo and Push / Client review
// go into one "More actions" menu (the row would be wider than a phone). A refused Go live is
// shown in full under the bar: its reasons (a schedule's error, what a client review still
// misses) run long. So is the note that a version saved elsewhere was loaded and Undo starts there,
// and, on a copy pushed by a provider, that its next push replaces changes made here.
import Link from "next/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { AlertTriangle, ArrowLeft, Info, MoreHorizontal, Redo2, Undo2, X } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { PushReviewLink, usePushReviewLink } from "@/components/push/push-review-link";
import { PushedCopyNote } from "@/components/push/pushed-copy-note";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { SaveIndicator } from "@/components/editor/save-indicator";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { BusyButton } from "@/components/ui/busy-button";
import { IconButton } from "@/components/ui/icon-button";
import { MENU_ITEM } from "@/components/ui/menu-item";
import { NAME_MAX_LENGTH } from "@/lib/workflows/definition";

export function EditorHeader() {
  const { doc, workspaceId, workflowId, rename, select, readOnly, lost, undo, redo } = useEditor();
  const { setMode } = useWorkflowActions();
  const push = usePushReviewLink({ workspaceId, workflowId, canPush: !readOnly });
  const live = doc.server?.mode === "live";
  const canUndo = doc.state.past.length > 0;
  const canRedo = doc.state.future.length > 0;
  return (
    <header aria-label="Workflow" data-testid="editor-header" className="shrink-0 border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 sm:gap-x-3 lg:h-14 lg:flex-nowrap lg:py-0">
        <Link href={`/w/${workspaceId}/workflows`} className={buttonClass("ghost", "sm", "px-2")} aria-label="Back to workflows">
          <ArrowLeft className="h-4 w-4" aria-hidden />
        </Link>
        <input
          aria-label="Workflow name"
          value={doc.state.name}
          readOnly={readOnly}
          maxLength={NAME_MAX_LENGTH}
          // As the step name: a value longer than a save accepts cannot get in another way either.
          onChange={(e) => rename(e.target.value.slice(0, NAME_MAX_LENGTH))}
          // As wide as the bar leaves it, two parts of the room to the save state's one (capped at
          // 384 px, a long name was cut with 700 px free beside it).
          className="min-w-0 flex-[2] rounded border border-transparent px-1.5 py-1 text-base font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
        />
        <span aria-hidden className="order-1 hidden h-0 basis-full max-sm:block" />
        {live ? <Badge tone="green" className="max-sm:order-2">Live</Badge> : <Badge className="max-sm:order-2">Draft</Badge>}
        {readOnly && (lost === null || lost === "viewer") && (
          <Badge tone="slate" className="max-sm:order-2">
            View only<span className="hidden lg:inline"> · your role here is viewer</span>
          </Badge>
        )}
        {/* Only the save state inside is a live region: not "Before going Live: …" beside it. */}
        <div className="order-last min-w-0 basis-full truncate max-sm:flex-1 lg:order-none lg:flex-1">
          <SaveIndicator save={doc.save} onSelect={select} />
        </div>
        {!readOnly && (
          <>
            <IconButton label="Undo (Ctrl+Z)" disabled={!canUndo} onClick={undo} className="max-lg:hidden">
              <Undo2 className="h-4 w-4" aria-hidden />
            </IconButton>
            <IconButton label="Redo (Ctrl+Shift+Z)" disabled={!canRedo} onClick={redo} className="max-lg:hidden">
              <Redo2 className="h-4 w-4" aria-hidden />
            </IconButton>
          </>
        )}
        {push && <PushReviewLink target={push} className="max-lg:hidden" />}
        {(!readOnly || push) && (
          <Menu.Root>
            <Menu.Trigger asChild>
              <IconButton label="More actions" className="ml-auto lg:hidden">
                <MoreHorizontal className="h-4 w-4" aria-hidden />
              </IconButton>
            </Menu.Trigger>
            <Menu.Portal>
              <Menu.Content align="end" sideOffset={4} className="z-30 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
                {!readOnly && (
                  <>
                    <Menu.Item className={MENU_ITEM} disabled={!canUndo} onSelect={undo}>
                      <Undo2 className="h-4 w-4" aria-hidden /> Undo
                    </Menu.Item>
                    <Menu.Item className={MENU_ITEM} disabled={!canRedo} onSelect={redo}>
                      <Redo2 className="h-4 w-4" aria-hidden /> Redo
                    </Menu.Item>
                  </>
                )}
                {push && (
                  <Menu.Item asChild className={MENU_ITEM}>
                    <Link href={push.href}>
                      <push.icon className="h-4 w-4" aria-hidden /> {push.label}
                    </Link>
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Portal>
          </Menu.Root>
        )}
        {readOnly ? null : live ? (
          <BusyButton className={buttonClass("secondary", "sm")} onClick={() => setMode.mutate("draft")} busy={setMode.isPending}>
            Unpublish
          </BusyButton>
        ) : (
          <BusyButton className={buttonClass("primary", "sm")} onClick={() => setMode.mutate("live")} busy={setMode.isPending}>
            Go live
          </BusyButton>
        )}
      </div>
      {setMode.error && (
        <div role="alert" title={setMode.error.message} className="flex items-start gap-2 border-t border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1 whitespace-pre-wrap break-words">
            {setMode.variables === "draft" ? "Could not unpublish" : "Could not go Live"}: {setMode.error.message}
          </p>
          <IconButton label="Dismiss" className="h-6 w-6 text-red-700 hover:bg-red-100 hover:text-red-900" onClick={() => setMode.reset()}>
            <X className="h-3.5 w-3.5" aria-hidden />
          </IconButton>
        </div>
      )}
      {push?.copy && !readOnly && <PushedCopyNote sourceDeleted={push.copy.sourceDeleted} />}
      {doc.state.historyDropped && !readOnly && (
        <div role="status" data-testid="history-dropped" className="flex items-start gap-2 border-t border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">
            This workflow was saved elsewhere (in another tab or by someone else) and that version is loaded. Undo starts from here: undoing your earlier edits would also undo those changes.
          </p>
          <IconButton label="Dismiss" className="h-6 w-6 text-sky-700 hover:bg-sky-100 hover:text-sky-900" onClick={() => doc.dispatch({ type: "dismiss-history-note" })}>
            <X className="h-3.5 w-3.5" aria-hidden />
          </IconButton>
        </div>
      )}
    </header>
  );
}
