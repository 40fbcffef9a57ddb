// Deleting a variable, secret or file that workflows read makes their steps fail at run time
// ("variable X is not defined", "file X is not in this workspace") — a Live one after it has
// already acted on part of a delivery. So the delete is refused (409 naming the workflows) unless
// the caller insists with `force`, as for app connections (delete-connection.ts).
import { conflict, type AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { listResourceUsers, type ResourceKind, type ResourceUser } from "@/lib/workspaces/list-resource-users";
import { plural } from "@/lib/plural";

const NOUN: Record<ResourceKind, "variable" | "secret" | "file"> = { vars: "variable", secrets: "secret", files: "file" };

export type AssertResourceUnusedOptions = {
  workspaceId: string;
  kind: ResourceKind;
  key: string;
  force: boolean;
  tx: Tx;
  /** What the change would do to those workflows (default: a delete's). */
  consequence?: string;
  /** How to insist, before "with ?force=true" (default: a delete's; a change of kind deletes nothing). */
  anyway?: string;
};

export async function assertResourceUnused({ workspaceId, kind, key, force, tx, consequence = "their steps would fail until it exists again", anyway }: AssertResourceUnusedOptions): Promise<void> {
  if (force) return;
  const workflows = await listResourceUsers({ workspaceId, kind, key, tx });
  if (workflows.length === 0) return;
  const noun = NOUN[kind];
  throw inUseConflict(`${noun}_in_use`, `${noun} "${key}"`, workflows, consequence, "Change those steps first", anyway);
}

/** The 409 of a delete refused because workflows use the resource (app connections too). */
export function inUseConflict(code: string, subject: string, workflows: ResourceUser[], consequence: string, advice: string, anyway = "delete anyway"): AppError {
  const live = workflows.filter((w) => w.mode === "live").length;
  return conflict(
    code,
    `${subject} is used by ${plural(workflows.length, "workflow")}${live ? `, ${live} of them Live` : ""}: ${consequence}. ${advice}, or ${anyway} with ?force=true`,
    { workflows },
  );
}
