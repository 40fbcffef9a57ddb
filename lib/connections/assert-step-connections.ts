// A step may only name an app connection of its own workflow's workspace. The engine would refuse
// another workspace's at run time anyway (get-connection-credentials.ts looks only in the run's
// workspace), but the save is where the technician can be told. Only connection ids the save
// sets or changes are checked: a workflow whose connection was deleted since stays saveable
// (it cannot go Live, nor a Live one be saved, until an account is chosen: assert-live-accounts.ts).
import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";

export async function assertStepConnections(opts: { workspaceId: string; steps: readonly Step[]; previous?: readonly Step[]; tx: Tx }): Promise<void> {
  const before = new Map((opts.previous ?? []).map((s) => [s.id, stepConnectionId(s)]));
  const named = opts.steps.map((s, i) => ({ s, i, id: stepConnectionId(s) })).filter((x) => x.id !== null && before.get(x.s.id) !== x.id);
  if (named.length === 0) return;
  const found = await opts.tx.connection.findMany({
    where: { workspaceId: opts.workspaceId, id: { in: named.map((x) => x.id!) } },
    select: { id: true },
  });
  const here = new Set(found.map((c) => c.id));
  const bad = named.find((x) => !here.has(x.id!));
  if (!bad) return;
  throw new AppError(400, "invalid_workflow", `step ${bad.i + 1} (${STEP_CATALOG[bad.s.kind].label}): connectionId: no app connection ${bad.id} in this workspace`, {
    step: bad.i + 1,
    stepId: bad.s.id,
    field: "connectionId",
  });
}
