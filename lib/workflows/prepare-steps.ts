// Turns the steps of a save request into the stored definition: stable ids (kept when given,
// generated when absent — but see below for a save that gives none), default names, configs parsed with their catalog schema (defaults
// filled in), and the webhook's write-only shared secret encrypted.
import { randomBytes } from "node:crypto";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import { encryptSecret } from "@/lib/secrets/crypto";
import { defaultStepName, type Step, type StepInput } from "@/lib/workflows/definition";
import { validateDefinition } from "@/lib/workflows/validate-definition";

export type PrepareStepsOptions = {
  input: readonly StepInput[];
  /** The stored steps before this save: a webhook step that keeps its id keeps its secret. */
  previous?: readonly Step[];
};

const newStepId = () => `st_${randomBytes(9).toString("base64url")}`;

/** A read echoes the secret as {"set": bool}; a client that PUTs a read back means "keep it". */
function dropSecretEcho(config: Record<string, unknown>): Record<string, unknown> {
  const s = config.sharedSecret;
  if (s === null || (typeof s === "object" && !Array.isArray(s))) {
    const rest = { ...config };
    delete rest.sharedSecret;
    return rest;
  }
  return config;
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

// A save that names no step ids at all is the documented shape of a script's PUT
// ({"kind","name"?,"config"} per step): it means "these steps, in this order", so a step takes
// the id of the stored step at its position when the kinds match. Otherwise such a PUT would
// give the trigger a new id, which drops its shared secret and retires a Live workflow's URL.
// The editor always sends ids (new steps get theirs in the browser), so replacing a trigger
// there still issues a new URL.
function pickId(input: readonly StepInput[], previous: readonly Step[], i: number): string {
  const given = input[i].id;
  if (given) return given;
  const before = previous[i];
  return !input.some((s) => s.id) && before?.kind === input[i].kind ? before.id : newStepId();
}

/** Validates (400 invalid_workflow) and returns the steps as they are to be stored. */
export function prepareSteps({ input, previous = [] }: PrepareStepsOptions): Step[] {
  const steps: Step[] = input.map((s, i) => ({
    id: pickId(input, previous, i),
    kind: s.kind,
    name: s.name?.trim() || defaultStepName(s.kind),
    config: s.kind === "webhook" ? dropSecretEcho(s.config) : s.config,
  }));
  validateDefinition(steps);
  const before = new Map(previous.map((s) => [s.id, s]));
  return steps.map((s) => {
    // The catalog schemas strip unknown keys, so a client cannot plant "sharedSecretEncrypted".
    const config = STEP_CATALOG[s.kind].config.parse(s.config) as Record<string, unknown>;
    return { ...s, config: s.kind === "webhook" ? storeSecret(config, before.get(s.id)) : config };
  });
}
