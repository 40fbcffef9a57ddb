// A fingerprint of a workflow definition without what the client is expected to set itself
// (accounts, the webhook's own shared secret and the signature header its sender signs in) or
// test with (sample data). Equal fingerprints of the pushed and the current copy mean the client
// has not edited the workflow.
import { createHash } from "node:crypto";
import { exactNumberText } from "@/lib/json/parse-exact-json";
import type { Step } from "@/lib/workflows/definition";

/** The value with object keys sorted, so equal values serialise equally. */
export function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  // A number kept as written (a 64-bit id in Testing data) is a value, not an object to sort.
  if (value !== null && typeof value === "object" && exactNumberText(value) === null) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, stable((value as Record<string, unknown>)[k])]));
  }
  return value;
}

const CLIENT_SIDE = ["connectionId", "sharedSecretEncrypted", "signatureHeader", "testingData"];
// Fingerprints recorded before the signature header counted as the client's.
const CLIENT_SIDE_BEFORE_HEADER = ["connectionId", "sharedSecretEncrypted", "testingData"];

export function stepsHash(name: string, steps: readonly Step[], clientSide: readonly string[] = CLIENT_SIDE): string {
  const normal = steps.map((s) => {
    const config = { ...s.config };
    for (const k of clientSide) delete config[k];
    return { id: s.id, kind: s.kind, name: s.name, config };
  });
  return createHash("sha256").update(JSON.stringify(stable({ name, steps: normal }))).digest("hex");
}

/** Whether the client edited its copy since the push that recorded `pushedHash` (of either era). */
export function isEditedSincePush(name: string, steps: readonly Step[], pushedHash: string): boolean {
  return stepsHash(name, steps) !== pushedHash && stepsHash(name, steps, CLIENT_SIDE_BEFORE_HEADER) !== pushedHash;
}

/** A step's kind and settings as a short fingerprint: equal when nothing in the step but its name,
 *  its position or its sample data (which the preflight speaks of itself) changed. What the Push
 *  page compares between two preflights (preflight-changes.ts); a fingerprint, not the config, so
 *  the preflight shows nothing a config holds (an encrypted secret). */
export function stepFingerprint(step: Pick<Step, "kind" | "config">): string {
  const { testingData: _sample, ...config } = step.config;
  return createHash("sha256").update(JSON.stringify(stable({ kind: step.kind, config }))).digest("hex").slice(0, 16);
}
