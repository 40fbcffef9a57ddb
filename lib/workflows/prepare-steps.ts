// Turns the steps of a save request into the stored definition: stable ids (kept when given;
// for a step sent without one see pickIds), default names, configs parsed with their catalog
// schema (defaults filled in), and the webhook's write-only shared secret encrypted.
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import { encryptSecret } from "@/lib/secrets/crypto";
import { defaultStepName, type Step, type StepInput } from "@/lib/workflows/definition";
import { isSecretEcho } from "@/lib/workflows/secret-echo";
import { validateDefinition } from "@/lib/workflows/validate-definition";

export type PrepareStepsOptions = {
  input: readonly StepInput[];
  /** The stored steps before this save: a webhook step that keeps its id keeps its secret. */
  previous?: readonly Step[];
};

const newStepId = () => `st_${randomBytes(9).toString("base64url")}`;

/** A read echoes the secret as {"set": bool}; a client that PUTs a read back means "keep it".
 *  Any other value stays, for the catalog schema to refuse by name. */
export function dropSecretEcho(config: Record<string, unknown>): Record<string, unknown> {
  if (!isSecretEcho(config.sharedSecret)) return config;
  const { sharedSecret, ...rest } = config;
  return rest;
}

// Input string sets the secret, "" clears it, absent keeps the stored one (same step id only:
// a replaced trigger starts without a secret).
function storeSecret(config: Record<string, unknown>, before: Step | undefined): Record<string, unknown> {
  const { sharedSecret, ...rest } = config;
  if (typeof sharedSecret === "string") {
    return sharedSecret === "" ? rest : { ...rest, sharedSecretEncrypted: encryptSecret(sharedSecret) };
  }
  const kept = before?.kind === "webhook" ? before.config.sharedSecretEncrypted : undefined;
  return typeof kept === "string" && kept !== "" ? { ...rest, sharedSecretEncrypted: kept } : rest;
}

// A step sent without an id (the documented shape of a script's PUT: {"kind","name"?,"config"})
// takes the id of the stored step at its position when the kind is the same and no step of the
// body names that id; otherwise such a PUT would give the trigger a new id, which drops its
// shared secret and retires a Live workflow's URL — also when the script names the ids of some
// other steps. The editor always sends ids (new steps get theirs in the browser), so replacing a
// trigger there still issues a new URL.
function pickIds(input: readonly StepInput[], previous: readonly Step[]): string[] {
  const named = new Set(input.flatMap((s) => (s.id ? [s.id] : [])));
  return input.map((s, i) => {
    if (s.id) return s.id;
    const before = previous[i];
    return before?.kind === s.kind && !named.has(before.id) ? before.id : newStepId();
  });
}

// An id is what carries a step's run history, its trigger URL and its webhook secret: a step of
// another kind taking over an existing id would inherit the trigger's runs (and a Code step
// would be shown with a webhook's executions). A changed kind is a new step, with a new id.
function assertKindsKept(steps: readonly Step[], previous: readonly Step[]): void {
  const kindOf = new Map(previous.map((s) => [s.id, s.kind]));
  steps.forEach((s, i) => {
    const was = kindOf.get(s.id);
    if (was === undefined || was === s.kind) return;
    throw new AppError(
      400,
      "invalid_workflow",
      `step ${i + 1} (${STEP_CATALOG[s.kind].label}): id: ${s.id} is the id of a ${STEP_CATALOG[was].label} step; a step of another kind needs a new id (or none)`,
      { step: i + 1, stepId: s.id, field: "id" },
    );
  });
}

// {"sharedSecret": {"set": true}} (a read sent back) means "keep the stored secret". Where there
// is none to keep — a new workflow, a new trigger, a copy made by GET then POST — dropping it
// silently left the trigger unsigned, accepting any request once Live.
function assertEchoedSecretsKept(input: readonly StepInput[], steps: readonly Step[], before: Map<string, Step>): void {
  input.forEach((s, i) => {
    const echo = s.kind === "webhook" ? s.config.sharedSecret : undefined;
    if (!isSecretEcho(echo) || !echo.set) return;
    const stored = before.get(steps[i].id);
    if (stored?.kind === "webhook" && typeof stored.config.sharedSecretEncrypted === "string" && stored.config.sharedSecretEncrypted !== "") return;
    throw new AppError(
      400,
      "invalid_workflow",
      `step ${i + 1} (${STEP_CATALOG.webhook.label}): sharedSecret: {"set": true} keeps a stored secret, and this trigger has none (a new workflow or trigger, or a copy); send the secret itself as a string, or "" for none`,
      { step: i + 1, stepId: steps[i].id, field: "sharedSecret" },
    );
  });
}

/** Whether saving `input` encrypts a shared secret: the write then takes lib/secrets/lock-secret-key.ts. */
export const setsSharedSecret = (input: readonly StepInput[]) =>
  input.some((s) => s.kind === "webhook" && typeof s.config.sharedSecret === "string" && s.config.sharedSecret !== "");

/** Validates (400 invalid_workflow) and returns the steps as they are to be stored. */
export function prepareSteps({ input, previous = [] }: PrepareStepsOptions): Step[] {
  const ids = pickIds(input, previous);
  const steps: Step[] = input.map((s, i) => ({
    id: ids[i],
    kind: s.kind,
    name: s.name?.trim() || defaultStepName(s.kind),
    config: s.kind === "webhook" ? dropSecretEcho(s.config) : s.config,
  }));
  validateDefinition(steps);
  assertKindsKept(steps, previous);
  const before = new Map(previous.map((s) => [s.id, s]));
  assertEchoedSecretsKept(input, steps, before);
  return steps.map((s) => {
    // The catalog schemas strip unknown keys, so a client cannot plant "sharedSecretEncrypted".
    const config = STEP_CATALOG[s.kind].config.parse(s.config) as Record<string, unknown>;
    return { ...s, config: s.kind === "webhook" ? storeSecret(config, before.get(s.id)) : config };
  });
}
