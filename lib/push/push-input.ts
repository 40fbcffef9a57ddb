// The body of POST /workflows/{id}/push, shared by the route and the Push panel (client-safe).
// Sample data: `keep` copies the provider's testing data, `clear` drops it; both leave the
// client's own testing data on an updated copy alone, which only `replace` overwrites. The choice
// may be left out where the provider's workflow has no sample data (nothing of its own to keep or
// clear): the push then keeps the client's own testing data, as `keep` does.
// `version`: the source's version the preflight showed (the Push page sends it); a push whose
// workflow was saved since is refused (409 workflow_changed) instead of sending a version nobody
// checked. Left out (scripts), the push sends whatever version is current.
import { z } from "@/lib/z";
import { seenVersion } from "@/lib/workflows/assert-version-seen";

export const SAMPLE_DATA_CHOICES = ["keep", "clear", "replace"] as const;
export type SampleDataChoice = (typeof SAMPLE_DATA_CHOICES)[number];

export const pushInputSchema = z
  .object({ targetWorkspaceId: z.string().min(1), sampleData: z.enum(SAMPLE_DATA_CHOICES).optional(), version: seenVersion })
  .strict();

/** What the preflight offers, and so all a push accepts: `replace` only where the copy holds the
 *  client's own testing data on a step where the provider has sample data to put in its place —
 *  elsewhere it would replace nothing (or with nothing), yet read as if the provider's had arrived. */
export function offeredSampleData(sample: { steps: { stepId: string }[]; clientOwn: { stepId: string }[] }): SampleDataChoice[] {
  const replaceable = sample.clientOwn.some((own) => providerHasSampleData(sample, own.stepId));
  return SAMPLE_DATA_CHOICES.filter((o) => o !== "replace" || replaceable);
}

/** The provider's step (by the source's step id) has sample data of its own. */
export function providerHasSampleData(sample: { steps: { stepId: string }[] }, stepId: string): boolean {
  return sample.steps.some((s) => s.stepId === stepId);
}
