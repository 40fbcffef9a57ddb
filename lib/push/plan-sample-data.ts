// What a push does to the trigger's testing data (sample data), step by step. The provider's
// sample data may hold its own data, so it chooses: `keep` copies it, `clear` drops it. On a
// re-push the copy may hold the client's *own* testing data (present, and not what the last push
// put there): that survives `keep` and `clear`, and only `replace` overwrites it with the
// provider's — also when the provider replaced its trigger (steps matched by match-copy-steps.ts),
// and never with nothing: where the provider's step has no sample data, the client's stays.
// Pure; the push records `pushedHashes` (by the copy's step id) so the next push can tell the two apart.
import { createHash } from "node:crypto";
import { matchCopySteps, type CopyStepMatch } from "@/lib/push/match-copy-steps";
import { stable } from "@/lib/push/steps-hash";
import type { StepRef } from "@/lib/push/scan-requirements";
import type { SampleDataChoice } from "@/lib/push/push-input";
import type { Step } from "@/lib/workflows/definition";

export type PlanSampleDataOptions = {
  source: readonly Step[];
  /** The copy a previous push left, as the client has it now. */
  existing: readonly Step[] | null;
  /** How source steps match the copy's (default: matchCopySteps(source, existing)). */
  match?: CopyStepMatch;
  /** Per copy step id, the hash of what the last push offered; null for copies pushed before it was recorded. */
  pushedHashes: Record<string, string> | null;
  choice: SampleDataChoice;
};

export type SampleDataPlan = {
  /** Per webhook step id (the source's): the testing data the copy gets (undefined = none). */
  testingData: Map<string, unknown>;
  /** Steps where the copy holds the client's own testing data, and whether this push keeps it. */
  clientOwn: (StepRef & { kept: boolean })[];
  pushedHashes: Record<string, string>;
};

const present = (v: unknown) => v !== undefined && v !== null;
const hashOf = (v: unknown) => createHash("sha256").update(JSON.stringify(stable(present(v) ? v : null))).digest("hex");

export function planSampleData({ source, existing, match = matchCopySteps(source, existing), pushedHashes, choice }: PlanSampleDataOptions): SampleDataPlan {
  const testingData = new Map<string, unknown>();
  const clientOwn: SampleDataPlan["clientOwn"] = [];
  const recorded: Record<string, string> = {};
  for (const [i, step] of source.entries()) {
    if (step.kind !== "webhook") continue;
    const offered = choice === "clear" ? undefined : step.config.testingData;
    recorded[match.copyId(i)] = hashOf(offered);
    const prior = match.prior(i);
    const own = prior?.kind === "webhook" ? prior.config.testingData : undefined;
    // Without a record (copies pushed before one was kept), anything but the provider's current
    // sample data counts as the client's: keeping it by mistake is the harmless error.
    const pushed = pushedHashes && prior ? pushedHashes[prior.id] : hashOf(step.config.testingData);
    const isOwn = present(own) && hashOf(own) !== pushed;
    const kept = choice !== "replace" || !present(step.config.testingData);
    if (isOwn) clientOwn.push({ stepId: step.id, number: i + 1, name: step.name, kept });
    const value = isOwn && kept ? own : offered;
    if (present(value)) testingData.set(step.id, value);
  }
  return { testingData, clientOwn, pushedHashes: recorded };
}
