// A fingerprint of a workflow definition without what the client is expected to set itself
// (accounts, the webhook's own shared secret) or test with (sample data). Equal fingerprints of
// the pushed and the current copy mean the client has not edited the workflow.
import { createHash } from "node:crypto";
import type { Step } from "@/lib/workflows/definition";

/** The value with object keys sorted, so equal values serialise equally. */
export function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, stable((value as Record<string, unknown>)[k])]));
  }
  return value;
}

const CLIENT_SIDE = ["connectionId", "sharedSecretEncrypted", "testingData"];

export function stepsHash(name: string, steps: readonly Step[]): string {
  const normal = steps.map((s) => {
    const config = { ...s.config };
    for (const k of CLIENT_SIDE) delete config[k];
    return { id: s.id, kind: s.kind, name: s.name, config };
  });
  return createHash("sha256").update(JSON.stringify(stable({ name, steps: normal }))).digest("hex");
}
