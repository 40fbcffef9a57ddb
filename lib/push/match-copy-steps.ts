// Which step of the client's copy each source step updates on a re-push. Steps match by id, except
// the trigger: the provider may replace its webhook trigger (the editor's "replace trigger", or a
// PUT giving step 1 a new id), yet the client's trigger is still the one its sender posts to. So
// when step 1 of both is a webhook, they match whatever their ids, and the copy's trigger keeps
// its own id: the webhook endpoint (the client's URL) and the trigger's run history are keyed by
// it. Pure.
import type { Step } from "@/lib/workflows/definition";

export type CopyStepMatch = {
  /** The copy's step (as the client has it now) that the source step at `index` updates. */
  prior: (index: number) => Step | undefined;
  /** The id the source step at `index` gets in the copy. */
  copyId: (index: number) => string;
  /** Step 1 of both are webhook triggers: the client's URL, secret and testing data carry over. */
  triggerMatched: boolean;
  /** Set when the copy's trigger id is taken by another source step: the copy's current endpoint
   *  moves to the new id in the push's transaction, so the URL is kept all the same. */
  endpointMove: { from: string; to: string } | null;
};

export function matchCopySteps(source: readonly Step[], existing: readonly Step[] | null): CopyStepMatch {
  const before = new Map((existing ?? []).map((s) => [s.id, s]));
  const mine = source[0];
  const theirs = existing?.[0];
  const triggerMatched = mine?.kind === "webhook" && theirs?.kind === "webhook";
  // Ids are unique in a workflow; the copy's old trigger id may since name another source step.
  const idTaken = triggerMatched && source.some((s, i) => i > 0 && s.id === theirs!.id);
  const keepId = triggerMatched && !idTaken;
  return {
    prior: (i) => (i === 0 && triggerMatched ? theirs : before.get(source[i].id)),
    copyId: (i) => (i === 0 && keepId ? theirs!.id : source[i].id),
    triggerMatched,
    endpointMove: triggerMatched && idTaken && theirs!.id !== mine.id ? { from: theirs!.id, to: mine.id } : null,
  };
}
