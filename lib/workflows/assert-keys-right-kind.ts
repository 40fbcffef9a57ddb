// Go live refuses a workflow that reads a key of its workspace as the other kind: `{{ vars.K }}`
// (or `vars.K` in a Code step) where K is a secret, `{{ secrets.K }}` where K is a plain variable.
// Such a step fails on every run ("K is a secret: use {{ secrets.K }}"), after the steps before it
// already acted. A pushed copy is refused for it by its review (wrong_kind); this is the same rule
// for every other workflow, e.g. a blueprint installed over a secret (install reports wrong_kind).
// A key that does not exist yet is not refused here: it can be added while the workflow is Live.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { keysReadBothWays, scanRequirements } from "@/lib/push/scan-requirements";
import type { Step } from "@/lib/workflows/definition";

export type AssertKeysRightKindOptions = { workspaceId: string; steps: readonly Step[]; tx: Tx };

export async function assertKeysRightKind({ workspaceId, steps, tx }: AssertKeysRightKindOptions): Promise<void> {
  const reads = scanRequirements(steps);
  const keys = [...new Set([...reads.vars, ...reads.secrets])];
  if (keys.length === 0) return;
  const rows = await tx.variable.findMany({ where: { workspaceId, key: { in: keys } }, select: { key: true, secret: true }, orderBy: { key: "asc" } });
  const bothWays = keysReadBothWays(reads);
  const wrong = rows.find((r) => (r.secret ? reads.vars : reads.secrets).includes(r.key));
  if (!wrong) return;
  const { key, secret } = wrong;
  const has = secret ? "secret" : "plain variable";
  const reads_ = secret ? "variable" : "secret";
  const message = bothWays.has(key)
    ? `the workflow reads ${key} both as a variable and as a secret, and a key is one or the other: change the workflow to read it one way, or keep the workflow in Draft`
    : `${key} is a ${has} in this workspace but the workflow reads it as a ${reads_} ({{ ${secret ? "vars" : "secrets"}.${key} }}): ` +
      `delete it and create it as a ${reads_} on the Variables page, or change the workflow to read {{ ${secret ? "secrets" : "vars"}.${key} }}; or keep the workflow in Draft`;
  throw conflict("wrong_kind", message, { key, secret });
}
