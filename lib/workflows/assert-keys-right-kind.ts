// Go live refuses a workflow that reads a key of its workspace as the other kind: `{{ vars.K }}`
// (or `vars.K` in a Code step) where K is a secret, `{{ secrets.K }}` where K is a plain variable.
// Such a step fails on every run ("K is a secret: use {{ secrets.K }}"), after the steps before it
// already acted. A pushed copy is refused for it by its review (wrong_kind); this is the same rule
// for every other workflow, e.g. a blueprint installed over a secret (install reports wrong_kind).
// A key that does not exist yet is not refused here: it can be added while the workflow is Live.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { keysReadBothWays, scanRequirements } from "@/lib/push/scan-requirements";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import { findCodeVarReads } from "@/lib/workflows/code-var-reads";
import type { Step } from "@/lib/workflows/definition";

export type AssertKeysRightKindOptions = { workspaceId: string; steps: readonly Step[]; tx: Tx };

// The fix on the Variables page is its row's kind switch (variable-kind-switch.tsx), named as
// the button reads; a secret's value is never shown, so making it plain asks for it again.
const SWITCH_TO_VARIABLE = `switch its kind on the Variables page ("Make variable", typing its value again: a secret's value is never shown)`;
const SWITCH_TO_SECRET = `switch its kind on the Variables page ("Make secret": its value is kept, encrypted)`;

const label = (step: Step, number: number) => `step ${number} (${STEP_CATALOG[step.kind].label}${step.name && step.name !== STEP_CATALOG[step.kind].label ? ` "${step.name}"` : ""})`;

/** The first Code step whose body reads `vars.key`, with its number. */
function codeStepReading(steps: readonly Step[], key: string): { step: Step; number: number } | null {
  for (const [i, step] of steps.entries()) {
    if (step.kind === "code" && typeof step.config.code === "string" && findCodeVarReads(step.config.code).includes(key)) return { step, number: i + 1 };
  }
  return null;
}

// A Code step's body is not a template: `{{ secrets.K }}` means nothing there, and its `vars`
// holds plain variables only (README: secrets only through references in other steps' fields).
// So the fix named is the one that works — the secret read where a request is made, or the key
// made a plain variable — and the read is quoted as the code writes it.
function codeReadMessage(steps: readonly Step[], key: string, at: { step: Step; number: number }): string {
  const withoutCode = steps.map((s) => (s.kind === "code" ? { ...s, config: { ...s.config, code: "" } } : s));
  const alsoTemplate = scanRequirements(withoutCode).vars.includes(key) ? ` (and the workflow reads {{ vars.${key} }} elsewhere)` : "";
  return (
    `${label(at.step, at.number)} reads vars.${key}${alsoTemplate}, but ${key} is a secret in this workspace and Code steps cannot read secrets: ` +
    `use it where the request is made (an HTTP Request's header or URL with {{ secrets.${key} }}, or an account), ` +
    `or, if it need not be secret, ${SWITCH_TO_VARIABLE}; or keep the workflow in Draft`
  );
}

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
  const inCode = secret ? codeStepReading(steps, key) : null;
  const message = inCode
    ? codeReadMessage(steps, key, inCode)
    : bothWays.has(key)
      ? `the workflow reads ${key} both as a variable and as a secret, and a key is one or the other: change the workflow to read it one way, or keep the workflow in Draft`
      : `${key} is a ${has} in this workspace but the workflow reads it as a ${reads_} ({{ ${secret ? "vars" : "secrets"}.${key} }}): ` +
        `${secret ? SWITCH_TO_VARIABLE : SWITCH_TO_SECRET}, or change the workflow to read {{ ${secret ? "secrets" : "vars"}.${key} }}; or keep the workflow in Draft`;
  throw conflict("wrong_kind", message, { key, secret });
}
