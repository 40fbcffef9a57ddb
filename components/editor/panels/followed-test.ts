"use client";
// The test run Test & Debug follows for each step, kept while the page lives: the tab's content
// is unmounted when another tab or step is shown, and with its own state the Result and Stop of a
// test still going (waiting an hour on a Retry-After, say) were gone on coming back to it.
import { useCallback, useSyncExternalStore } from "react";

const followed = new Map<string, string>();
const listeners = new Set<() => void>();
const keyOf = (workflowId: string, stepId: string) => `${workflowId}:${stepId}`;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The run followed for this step ([id, set]), as useState would give it but outliving the tab. */
export function useFollowedTest(workflowId: string, stepId: string): [string | undefined, (runId: string) => void] {
  const key = keyOf(workflowId, stepId);
  const runId = useSyncExternalStore(
    subscribe,
    () => followed.get(key),
    () => undefined,
  );
  const set = useCallback(
    (id: string) => {
      followed.set(key, id);
      for (const l of listeners) l();
    },
    [key],
  );
  return [runId, set];
}
