"use client";
// Deleting a workspace resource that workflows may use (an app account, a variable, a secret, a
// file), confirmed first. The API refuses one that workflows use (409 `<noun>_in_use`): the
// confirmation then lists them (Live ones fail at run time) and offers to delete anyway
// (?force=true). The check is the server's, made at delete time, so the list is never stale. Once
// the row has gone, focus moves to the next row's Delete (ConfirmDialog's removesRow).
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { ApiCallError, apiFetch } from "@/components/resources/api-fetch";
import { WorkflowUsersList, type WorkflowUser } from "@/components/resources/workflow-users-list";
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
  const [open, setOpen] = useState(false);
  const [users, setUsers] = useState<WorkflowUser[] | null>(null);

  const remove = (force: boolean) =>
    run(async () => {
      try {
        await apiFetch(`${path}${force ? "?force=true" : ""}`, { method: "DELETE" });
        onDeleted?.();
      } catch (e) {
        if (!(e instanceof ApiCallError) || e.body.error !== inUseCode) throw e;
        setUsers(e.body.workflows as WorkflowUser[]);
        setOpen(true);
      }
    });

  const inUse = users !== null && users.length > 0;
  return (
    <ConfirmDialog
      trigger={
        <button type="button" aria-label={`Delete ${name}`} className={buttonClass("ghost", "sm")} onClick={() => setUsers(null)}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      title={inUse ? `${name} is in use` : `Delete ${name}?`}
      description={inUse ? `${plural(users.length, "workflow uses", "workflows use")} ${noun}. ${inUseEffect}` : description}
      details={
        inUse ? (
          <WorkflowUsersList workspaceId={workspaceId} users={users} label={`Workflows using ${noun}`} />
        ) : undefined
      }
      confirmLabel={inUse ? "Delete anyway" : "Delete"}
      destructive
      removesRow
      onConfirm={() => void remove(inUse)}
    />
  );
}
