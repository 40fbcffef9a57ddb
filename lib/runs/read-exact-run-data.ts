// Prisma parses json with JSON.parse, which rounds integers beyond double precision and makes a
// number beyond the double range (1e400) ±Infinity, written null; the trigger and step 1's
// record of it must read back as posted, so those are read again as text when the parsed value
// holds a number that may have been such a one (rarely: one more query). One reading for the
// run's detail (get-run.ts) and one step's record (get-run-step.ts), which had a copy each.
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { db, Tx } from "@/lib/db/client";
import { mayHaveRoundedIntegers, mayLoseNumbers, parseExactJson } from "@/lib/json/parse-exact-json";

type Reader = Tx | ReturnType<typeof db>;

/** `trigger`: the run's, as Prisma parsed it (absent: not asked for); `step`: step 1's record,
 *  its output as parsed (absent: not asked for). Each comes back exact, or as given. */
export async function readExactRunData(c: Reader, runId: string, parsed: { trigger?: unknown; step?: { stepId: string; output: unknown } }): Promise<{ trigger: unknown; output: unknown }> {
  const kept = { trigger: parsed.trigger, output: parsed.step?.output };
  const trigger = "trigger" in parsed && mayHaveRoundedIntegers(parsed.trigger);
  const step = parsed.step && mayHaveRoundedIntegers(parsed.step.output) ? parsed.step : null;
  if (!trigger && !step) return kept;
  // Only what may be rounded is read as text: a step's record does not read the 4 MB payload.
  const [texts] = await c.$queryRaw<{ trigger: string | null; output: string | null }[]>`
    SELECT ${trigger ? Prisma.sql`r.trigger::text` : Prisma.sql`NULL::text`} AS trigger,
      ${step ? Prisma.sql`(SELECT s.output::text FROM "RunStep" s WHERE s."runId" = r.id AND s."stepId" = ${step.stepId} LIMIT 1)` : Prisma.sql`NULL::text`} AS output
    FROM "Run" r WHERE r.id = ${runId}`;
  if (!texts) return kept;
  const exact = (text: string | null, fallback: unknown) => (text !== null && mayLoseNumbers(text) ? parseExactJson(text) : fallback);
  return { trigger: trigger ? exact(texts.trigger, kept.trigger) : kept.trigger, output: step ? exact(texts.output, kept.output) : kept.output };
}
