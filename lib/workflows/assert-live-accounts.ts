// Going Live (and saving a Live workflow) refuses a step whose account is gone: the save check
// (assert-step-connections.ts) lets a stored id stay after its account was force-deleted, so a
// Draft keeps its steps, but a Live workflow on it would fail every run at that step. Said as an
// empty account is (409 step_incomplete, the step and the field), in words rather than the id.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";

export async function assertLiveAccounts(opts: { workspaceId: string; steps: readonly Step[]; tx: Tx }): Promise<void> {
  const named = opts.steps.map((s, i) => ({ s, i, id: stepConnectionId(s) })).filter((x) => x.id !== null);
  if (named.length === 0) return;
  const found = await opts.tx.connection.findMany({
    where: { workspaceId: opts.workspaceId, id: { in: named.map((x) => x.id!) } },
    select: { id: true },
  });
  const here = new Set(found.map((c) => c.id));
  const gone = named.find((x) => !here.has(x.id!));
  if (!gone) return;
  throw conflict(
    "step_incomplete",
    `step ${gone.i + 1} (${STEP_CATALOG[gone.s.kind].label}): Account: the account it used was deleted: choose another, or keep the workflow in Draft`,
    { step: gone.i + 1, stepId: gone.s.id, field: "connectionId" },
  );
}
