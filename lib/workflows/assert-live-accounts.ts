// Going Live (and saving a Live workflow) refuses a step whose account is gone: the save check
// (assert-step-connections.ts) lets a stored id stay after its account was force-deleted, so a
// Draft keeps its steps, but a Live workflow on it would fail every run at that step. Said as an
// empty account is (409 step_incomplete, the step and the field), in words rather than the id.
// Likewise an HTTP Request whose account cannot serve its URL (account-url-problem.ts): every run
// would fail, and one whose host a reference makes, with an account without a base URL, would
// otherwise send the account's credentials wherever the data says (a delivery's sender's host).
// And a step built for one app (step-account-app.ts) with another app's account, saved through
// the API or from before the editor's picker offered only the step's app: its calls would go out
// with that other app's credentials.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { stepAccountMessage } from "@/lib/connections/step-account-message";
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";

// The field's words end in a clause ("choose another") or a sentence ("… if it really calls that
// app."): Go live's own way out joins either as one more choice, not after a full stop.
const orKeepDraft = (message: string) => `${message.replace(/\.$/, "")}, or keep the workflow in Draft`;

export async function assertLiveAccounts(opts: { workspaceId: string; steps: readonly Step[]; tx: Tx }): Promise<void> {
  const ids = opts.steps.map(stepConnectionId).filter((id) => id !== null);
  if (ids.length === 0) return;
  const found = await opts.tx.connection.findMany({
    where: { workspaceId: opts.workspaceId, id: { in: ids } },
    select: { id: true, name: true, baseUrl: true, app: true },
  });
  const accounts = new Map(found.map((c) => [c.id, c]));
  opts.steps.forEach((s, i) => {
    // The editor's own words for the step's Account field: the two cannot disagree.
    const message = stepAccountMessage(s.kind, s.config, accounts);
    if (!message) return;
    throw conflict("step_incomplete", `step ${i + 1} (${STEP_CATALOG[s.kind].label}): ${orKeepDraft(message)}`, {
      step: i + 1,
      stepId: s.id,
      field: "connectionId",
    });
  });
}
