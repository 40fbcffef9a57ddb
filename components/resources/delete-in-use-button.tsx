"use client";
// Deleting a workspace resource that workflows may use (an app account, a variable, a secret, a
// file), confirmed first. The API refuses one that workflows use (409 `<noun>_in_use`): the
// confirmation then lists them (Live ones fail at run time) and offers to delete anyway
// (?force=true) — useInUseConfirm. Once the row has gone, focus moves to the next row's Delete
// (ConfirmDialog's removesRow). One deleted elsewhere since the page loaded (404, not its
// workspace's) is said as such — "NAME no longer exists (deleted elsewhere)." — and the page
// reloads its list, which drops the row, instead of showing "variable not found" beside it.
import { useRouter } from "next/navigation";
import { Trash2 } from "lucide-react";
import { apiFetch, ApiCallError } from "@/components/resources/api-fetch";
import { useInUseConfirm } from "@/components/resources/use-in-use-confirm";
import { WorkflowUsersList } from "@/components/resources/workflow-users-list";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { plural } from "@/lib/plural";

export type DeleteInUseButtonProps = {
  /** What the user sees: "Delete {name}?". */
  name: string;
  /** The DELETE URL, without a query. */
  path: string;
  /** The 409 error code that means "in use" (connection_in_use, variable_in_use, …). */
  inUseCode: string;
  workspaceId: string;
  /** E.g. "this account": used in "Workflows using this account". */
  noun: string;
  /** Why to think twice about an unused one (e.g. "Its value cannot be recovered."). */
  description: string;
  /** What happens to the workflows that use it when it goes anyway. */
  inUseEffect: string;
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  /** Called once it is deleted (not when the API answered that workflows use it). */
  onDeleted?: () => void;
};

export function DeleteInUseButton({ name, path, inUseCode, workspaceId, noun, description, inUseEffect, run, onDeleted }: DeleteInUseButtonProps) {
  const router = useRouter();
  const { open, setOpen, inUse, reset, go } = useInUseConfirm({
    inUseCode,
    act: async (force) => {
      try {
        await apiFetch(`${path}${force ? "?force=true" : ""}`, { method: "DELETE" });
      } catch (e) {
        if (!(e instanceof ApiCallError) || e.status !== 404 || e.body.message === "workspace not found") throw e;
        router.refresh();
        throw new Error(`${name} no longer exists (deleted elsewhere).`);
      }
    },
    run,
    onDone: onDeleted,
  });

  return (
    <ConfirmDialog
      trigger={
        <button type="button" aria-label={`Delete ${name}`} className={buttonClass("ghost", "sm")} onClick={reset}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      title={inUse ? `${name} is in use` : `Delete ${name}?`}
      description={inUse ? `${plural(inUse.length, "workflow uses", "workflows use")} ${noun}. ${inUseEffect}` : description}
      details={
        inUse ? (
          <WorkflowUsersList workspaceId={workspaceId} users={inUse} label={`Workflows using ${noun}`} />
        ) : undefined
      }
      confirmLabel={inUse ? "Delete anyway" : "Delete"}
      destructive
      removesRow
      onConfirm={() => go(inUse !== null)}
    />
  );
}
