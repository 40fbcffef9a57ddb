"use client";
// Shown when the workflow was saved elsewhere after we loaded it — in another tab of the same
// person as often as by a colleague, so the words fit both: take that version or keep ours. When the
// server says who saved it and when, the banner names them ("Alex Smith (alex@…) saved a newer
// version 2 minutes ago"), so the technician knows whom to ask before choosing — and, for a version
// a push made in a client's copy, that the provider pushed it ("Alex Smith (alex@…) of Acme MSP
// pushed a newer version"), not that a colleague saved it. Also
// what the editor's polls noticed about the workflow or the caller's access: deleted, removed from
// the workspace, or now a viewer (the editor is then read-only).
import Link from "next/link";
import { useEditor } from "@/components/editor/editor-context";
import type { Lost, Saver } from "@/components/editor/use-editor-document";
import { NO_WORKSPACE_ACCESS } from "@/components/ui/access-lost";
import { buttonClass } from "@/components/ui/button";
import { TimeAgo } from "@/components/ui/time-ago";

const LOST_TEXT: Record<Lost, string> = {
  deleted: "This workflow was deleted. Nothing here can be saved any more.",
  // The workspace pages' words (components/ui/access-lost.tsx), one text for both.
  no_access: NO_WORKSPACE_ACCESS,
  viewer: "You can now only view this workflow: your role in this workspace was changed to viewer.",
};

export function ConflictBanner() {
  const { doc, lost, workspaceId } = useEditor();
  if (lost) {
    return (
      <div role="alert" data-testid="access-lost" className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
        <span className="flex-1">
          {LOST_TEXT[lost]}
          {doc.dirty && " Your latest changes are not saved."}
        </span>
        {lost !== "viewer" && (
          <Link href={lost === "deleted" ? `/w/${workspaceId}/workflows` : "/workspaces"} className={buttonClass("secondary", "sm")}>
            {lost === "deleted" ? "Back to workflows" : "Your workspaces"}
          </Link>
        )}
      </div>
    );
  }
  if (doc.save.kind !== "conflict") return null;
  return (
    <div role="alert" className="flex items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
      <span className="flex-1">
        <WhoSaved saver={doc.save.saver} />{" "}
        {doc.dirty ? "Your latest changes are not saved." : "What you see here is not that version, so nothing was run or changed."}
      </span>
      <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void doc.reload()}>
        Load that version
      </button>
      <button type="button" className={buttonClass("primary", "sm", "bg-red-600 hover:bg-red-700")} onClick={() => void doc.overwrite()}>
        Keep mine
      </button>
    </div>
  );
}

/** Who saved the newer version and when, as far as the server knows; otherwise where it may have come from. */
function WhoSaved({ saver }: { saver?: Saver }) {
  const by = saver?.savedBy;
  if (!by && saver?.pushedFrom !== undefined) return <span data-testid="conflict-saver">{saver.pushedFrom} pushed a newer version while you were editing.</span>;
  if (!by) return <>This workflow was saved elsewhere (in another tab or by someone else) while you were editing.</>;
  return (
    <span data-testid="conflict-saver">
      <strong className="font-semibold">{by.name}</strong> ({by.email}){saver.pushedFrom !== undefined ? ` of ${saver.pushedFrom} pushed` : " saved"} a newer version{saver.savedAt ? " " : ""}
      {saver.savedAt && <TimeAgo at={saver.savedAt} />} while you were editing.
    </span>
  );
}
