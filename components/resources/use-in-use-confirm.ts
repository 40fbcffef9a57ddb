"use client";
// The confirmation's state for a change the API refuses while workflows use the resource (409
// `<noun>_in_use`: delete an account, variable, secret or file; switch a key's kind; empty a
// value). `go(false)` acts; on that refusal the confirmation opens again with the workflows the
// server named at change time (so the list is never stale), and `go(true)` goes ahead anyway
// (?force=true). Shared by DeleteInUseButton and VariableChangeButton.
import { useState } from "react";
import { ApiCallError } from "@/components/resources/api-fetch";
import type { WorkflowUser } from "@/components/resources/workflow-users-list";

export type InUseConfirm = {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The workflows of the last refusal, or null before one (or when it named none). */
  inUse: WorkflowUser[] | null;
  /** Forget a refusal, as the confirmation opens afresh from its button. */
  reset: () => void;
  go: (force: boolean) => void;
};

export function useInUseConfirm({ inUseCode, act, run, onDone }: {
  inUseCode: string;
  /** The API call; `force` once the user has seen the workflows and goes ahead anyway. */
  act: (force: boolean) => Promise<unknown>;
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  /** Called once done (not when refused). */
  onDone?: () => void;
}): InUseConfirm {
  const [open, setOpen] = useState(false);
  const [users, setUsers] = useState<WorkflowUser[] | null>(null);

  const go = (force: boolean) =>
    void run(async () => {
      try {
        await act(force);
        onDone?.();
      } catch (e) {
        if (!(e instanceof ApiCallError) || e.body.error !== inUseCode || !Array.isArray(e.body.workflows)) throw e;
        setUsers(e.body.workflows as WorkflowUser[]);
        setOpen(true);
      }
    });

  return { open, setOpen, inUse: users !== null && users.length > 0 ? users : null, reset: () => setUsers(null), go };
}
