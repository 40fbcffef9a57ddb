"use client";
// Deleting an app account, confirmed first. The API refuses an account that workflows use
// (409 connection_in_use): the confirmation then lists them (Live ones can no longer run their
// steps) and offers to delete anyway (?force=true). The check is the server's, made at delete
// time, so the list is never stale.
import Link from "next/link";
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { ApiCallError, apiFetch } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ConnectionUser, ConnectionView } from "@/lib/connections/connection-input";

type Props = { account: ConnectionView; run: (fn: () => Promise<unknown>) => Promise<boolean> };

export function DeleteAccountButton({ account, run }: Props) {
  const [open, setOpen] = useState(false);
  const [users, setUsers] = useState<ConnectionUser[] | null>(null);

  const remove = (force: boolean) =>
    run(async () => {
      try {
        await apiFetch(`/api/v1/connections/${account.id}${force ? "?force=true" : ""}`, { method: "DELETE" });
      } catch (e) {
        if (!(e instanceof ApiCallError) || e.body.error !== "connection_in_use") throw e;
        setUsers(e.body.workflows as ConnectionUser[]);
        setOpen(true);
      }
    });

  const inUse = users !== null && users.length > 0;
  return (
    <ConfirmDialog
      trigger={
        <button type="button" aria-label={`Delete ${account.name}`} className={buttonClass("ghost", "sm")} onClick={() => setUsers(null)}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      title={inUse ? `${account.name} is in use` : `Delete ${account.name}?`}
      description={
        inUse
          ? `${users.length} workflow(s) use this account. Their steps fail until another account is chosen; Live ones keep accepting deliveries whose runs fail.`
          : "Its credentials are deleted. This cannot be undone."
      }
      details={
        inUse ? (
          <ul className="max-h-48 space-y-1 overflow-y-auto" aria-label="Workflows using this account">
            {users.map((w) => (
              <li key={w.id} className="flex items-center gap-2">
                <Link href={`/w/${account.workspaceId}/workflows/${w.id}`} className="min-w-0 flex-1 truncate text-brand-700 hover:underline">{w.name}</Link>
                {w.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge>Draft</Badge>}
              </li>
            ))}
          </ul>
        ) : undefined
      }
      confirmLabel={inUse ? "Delete anyway" : "Delete"}
      destructive
      onConfirm={() => void remove(inUse)}
    />
  );
}
