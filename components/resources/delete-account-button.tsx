"use client";
// Deleting an app account: confirmed first; one that workflows use (409 connection_in_use) lists
// them and offers to delete anyway (see DeleteInUseButton).
import { DeleteInUseButton } from "@/components/resources/delete-in-use-button";
import type { ConnectionView } from "@/lib/connections/connection-input";

type Props = { account: ConnectionView; run: (fn: () => Promise<unknown>) => Promise<boolean> };

export function DeleteAccountButton({ account, run }: Props) {
  return (
    <DeleteInUseButton
      name={account.name}
      path={`/api/v1/connections/${account.id}`}
      inUseCode="connection_in_use"
      workspaceId={account.workspaceId}
      noun="this account"
      description="Its credentials are deleted. This cannot be undone."
      inUseEffect="Their steps fail until another account is chosen; Live ones keep accepting deliveries whose runs fail."
      run={run}
    />
  );
}
