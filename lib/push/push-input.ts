// The body of POST /workflows/{id}/push, shared by the route and the Push panel (client-safe).
// Sample data: `keep` copies the provider's testing data, `clear` drops it; both leave the
// client's own testing data on an updated copy alone, which only `replace` overwrites.
import { z } from "zod";

export const SAMPLE_DATA_CHOICES = ["keep", "clear", "replace"] as const;
export type SampleDataChoice = (typeof SAMPLE_DATA_CHOICES)[number];

export const pushInputSchema = z.object({ targetWorkspaceId: z.string().min(1), sampleData: z.enum(SAMPLE_DATA_CHOICES) }).strict();

/** What the preflight offers, and so all a push accepts: `replace` only where the copy holds the
 *  client's own testing data — elsewhere it would overwrite nothing, yet read as if it had. */
export function offeredSampleData(clientHasOwn: boolean): SampleDataChoice[] {
  return SAMPLE_DATA_CHOICES.filter((o) => o !== "replace" || clientHasOwn);
}
