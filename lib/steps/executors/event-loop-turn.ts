// JSONata settles its promises as microtasks, so expressions evaluated one after another never
// let the event loop run: a Summarize column computed for each of 300,000 groups held the
// worker for 26 s, and a Data Transformation of many fields, each just inside its own 1 s
// limit, as long as its fields together took — every other run of the worker (any tenant's),
// its Stop checks, heartbeats and progress writes waited. Loops over expressions call this.
import { StepError, type StepContext } from "./types";

const SLICE_MS = 20;

/** A function to call between pieces of work: after SLICE_MS of work it gives the event loop a
 *  turn, then ends the step if its run was stopped (or the worker is stopping). */
export function eventLoopTurns(ctx: Pick<StepContext, "signal">): () => Promise<void> {
  let since = Date.now();
  return async () => {
    if (Date.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = Date.now();
    if (ctx.signal?.aborted) throw new StepError("the step was cancelled", { retryable: true });
  };
}
