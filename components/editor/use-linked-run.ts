"use client";
// The run a link opened the editor on (?step=…&run=…), read without its data: the Executions tab
// opens it, and the canvas shows its steps' statuses. A run that does not exist (or is not the
// caller's to see) is asked for once — not again on retry, each poll, a return to the tab or the
// window. Both share the one query (same key).
import { useQuery } from "@tanstack/react-query";
import { ApiError, runOverviewQueryOptions } from "@/components/editor/api";

const missing = (e: unknown) => e instanceof ApiError && e.status === 404;

export function useLinkedRun(runId: string | null) {
  const options = runOverviewQueryOptions(runId ?? "");
  return useQuery({
    ...options,
    enabled: !!runId,
    retry: (failures: number, e: Error) => !missing(e) && failures < 1,
    retryOnMount: false,
    refetchOnWindowFocus: (q) => !missing(q.state.error),
    refetchInterval: (q) => (missing(q.state.error) ? false : options.refetchInterval(q)),
  });
}
