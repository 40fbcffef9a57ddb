"use client";
// The editor's calls to the project's own /api/v1 (session cookie), and the react-query hooks
// over them. Errors carry the API's {"error", "message"} so the UI can say what went wrong.
// Bodies are read keeping the numbers the API kept exact (a trigger's 64-bit id): res.json()
// would round 1234567890123456789 to …800, and the Executions tab must show what arrived.
import { replaceEqualDeep, useQuery } from "@tanstack/react-query";
import { useLiveWindow } from "@/components/editor/use-live-window";
import { apiFailureMessage } from "@/components/ui/access-lost";
import { holdsExactNumbers, parseJsonAsWritten } from "@/lib/json/parse-exact-json";
import type { Delivery, RunOverview, RunStepPreview, RunStepView, RunSummary, RunView, WorkflowView } from "@/lib/editor/api-types";
import { TERMINAL_RUN_STATUSES } from "@/lib/editor/api-types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The browser sends a keepalive request after its page has gone only up to 64 KiB of body. */
const KEEPALIVE_MAX = 60_000;

/** `keepalive`: the request outlives the page (a save sent as the tab unloads), when small enough. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; keepalive?: boolean } = {}): Promise<T> {
  const text = init.body !== undefined ? JSON.stringify(init.body) : undefined;
  const res = await fetch(path, {
    method: init.method ?? "GET",
    headers: text !== undefined ? { "content-type": "application/json" } : undefined,
    body: text,
    cache: "no-store",
    keepalive: !!init.keepalive && (text?.length ?? 0) < KEEPALIVE_MAX,
  });
  return answerOf<T>(res);
}

async function answerOf<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const body = readBody(await res.text().catch(() => ""));
  if (!res.ok) {
    // 401 here is a browser whose session ended (signed out everywhere, cookie gone): the API's
    // own message is for scripts ("send a valid API token"). The resource pages say it alike.
    throw new ApiError(res.status, String(body.error ?? "http_error"), apiFailureMessage(res.status, body), body);
  }
  return body as T;
}

function readBody(text: string): Record<string, unknown> {
  try {
    return parseJsonAsWritten(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export const keys = {
  workflow: (id: string) => ["workflow", id] as const,
  runs: (id: string) => ["workflow", id, "runs"] as const,
  run: (id: string) => ["run", id] as const,
  runOverview: (id: string) => ["run", id, "overview"] as const,
  runStep: (id: string, stepId: string) => ["run", id, "step", stepId] as const,
  runStepPreview: (id: string, stepId: string) => ["run", id, "step", stepId, "preview"] as const,
  deliveries: (id: string) => ["workflow", id, "deliveries"] as const,
};

/** Live data polls so a new delivery shows within 2 s (issue 5). */
export const POLL_MS = 1500;

/** Each workflow's last copy read and its ETag: the poll asks whether it changed since, and a 304
 *  (no body) keeps that copy — a workflow with 1 MB of Testing data cost 1 MB every 10 s idle. */
const lastRead = new Map<string, { etag: string; view: WorkflowView }>();

async function readWorkflow(id: string): Promise<WorkflowView> {
  const last = lastRead.get(id);
  // no-store: the tag is sent here, so a 304 is seen here (the HTTP cache would hide it and keep a copy too).
  const res = await fetch(`/api/v1/workflows/${id}`, { cache: "no-store", headers: last ? { "if-none-match": last.etag } : undefined });
  if (res.status === 304 && last) return last.view;
  const view = await answerOf<WorkflowView>(res);
  const etag = res.headers.get("etag");
  if (etag) lastRead.set(id, { etag, view });
  else lastRead.delete(id);
  return view;
}

export function useWorkflowQuery(id: string) {
  return useQuery({
    queryKey: keys.workflow(id),
    queryFn: () => readWorkflow(id),
    // Notices someone else's save (version ahead of ours) even when this tab stays idle.
    refetchInterval: 10_000,
    // The editor's parts that read the workflow mount one after another as it opens: fresh for a
    // poll's length, they share the first read instead of each fetching it again. Coming back to
    // the tab still looks at once, as it did.
    staleTime: 10_000,
    refetchOnWindowFocus: "always",
    structuralSharing: keepExactNumbers,
  });
}

// react-query's structural sharing takes an exact number (JSON.rawJSON, a null-prototype object)
// for a plain object: Testing data holding a 64-bit id that changed between two copies would
// become {"rawJSON": …}, and be saved so. Such a copy is kept as it came.
const keepExactNumbers = (prev: unknown, next: unknown) => (holdsExactNumbers(next) ? next : replaceEqualDeep(prev, next));

export function useRunsQuery(workflowId: string, limit = 20) {
  return useQuery({
    queryKey: [...keys.runs(workflowId), limit],
    queryFn: () => api<{ runs: RunSummary[] }>(`/api/v1/workflows/${workflowId}/runs?limit=${limit}`),
    refetchInterval: POLL_MS,
    // The canvas and Workflow data both read it: the one mounted later shares the poll's last read.
    staleTime: POLL_MS,
  });
}

export const RUNS_PAGE = 20;
export type RunsPage = { runs: RunSummary[]; nextBefore: string | null };

/** A step's Executions, newest first, 20 at a time: with `stepId`, only the runs that reached
 *  it (the server filters, so a rarely taken branch's step finds its runs however many others
 *  came since); without, every run (the trigger's). The newest page is polled; while the list is
 *  `held` (being read) what is loaded stays and new runs are counted, not pushed in
 *  (use-live-window.ts). */
export function useRunWindow(workflowId: string, stepId: string | null, held: boolean) {
  return useLiveWindow<RunSummary>({
    queryKey: [...keys.runs(workflowId), "window", stepId],
    fetchPage: async (before) => {
      const p = await api<RunsPage>(
        `/api/v1/workflows/${workflowId}/runs?limit=${RUNS_PAGE}${stepId ? `&step=${encodeURIComponent(stepId)}` : ""}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
      );
      return { items: p.runs, nextBefore: p.nextBefore };
    },
    pageSize: RUNS_PAGE,
    timeOf: (r) => r.createdAt,
    pollMs: POLL_MS,
    held,
  });
}

// A finished run never changes; an unfinished one is polled until it finishes.
type RunState = { state: { data?: { status: string } } };
const finished = (q: RunState) => !!q.state.data && TERMINAL_RUN_STATUSES.includes(q.state.data.status);
const untilFinished = {
  refetchInterval: (q: RunState) => (finished(q) ? false : POLL_MS),
  staleTime: (q: RunState) => (finished(q) ? Infinity : 0),
};

/** A run's detail, every step's output and log with it: for what shows the run's data whole. */
export const runQueryOptions = (runId: string) => ({
  queryKey: keys.run(runId),
  queryFn: () => api<RunView>(`/api/v1/runs/${runId}`),
  ...untilFinished,
  // react-query's structural sharing takes an exact number (JSON.rawJSON, a null-prototype
  // object) for a plain object: one that changed between two polls would become a copy that
  // prints as {"rawJSON": …}. A poll's answer is kept as it came.
  structuralSharing: false,
});

export function useRunQuery(runId: string | undefined) {
  return useQuery({ ...runQueryOptions(runId ?? ""), enabled: !!runId });
}

/** A run without its payload and the steps' outputs and logs (…?outputs=false): statuses, errors
 *  and times, for the canvas and Workflow data's choice of run — which read each of the latest
 *  runs whole, 4 MB apiece for a run with a big output, to show none of it. */
export const runOverviewQueryOptions = (runId: string) => ({
  queryKey: keys.runOverview(runId),
  queryFn: () => api<RunOverview>(`/api/v1/runs/${runId}?outputs=false`),
  ...untilFinished,
});

export function useRunOverviewQuery(runId: string | undefined) {
  return useQuery({ ...runOverviewQueryOptions(runId ?? ""), enabled: !!runId });
}

/** One step's record with its output and log (GET /runs/{id}/steps/{stepId}), for an output
 *  shown. Asked for once the step has succeeded, when its output is final: read once. */
export const runStepQueryOptions = (runId: string, stepId: string) => ({
  queryKey: keys.runStep(runId, stepId),
  queryFn: () => api<RunStepView>(`/api/v1/runs/${runId}/steps/${encodeURIComponent(stepId)}`),
  staleTime: Infinity,
  // Kept as it came, exact numbers (a trigger's 64-bit id) and all (see runQueryOptions).
  structuralSharing: false,
});

/** One step's record with its output previewed (…?preview=true): the first items of each array,
 *  the start of each long string, each cut said — what Workflow data's tree draws, in KBs where
 *  the whole output (read for it before) may be 4 MB. Read once, when the step has succeeded. */
export const runStepPreviewQueryOptions = (runId: string, stepId: string) => ({
  queryKey: keys.runStepPreview(runId, stepId),
  queryFn: () => api<RunStepPreview>(`/api/v1/runs/${runId}/steps/${encodeURIComponent(stepId)}?preview=true`),
  staleTime: Infinity,
  // Kept as it came, exact numbers (a trigger's 64-bit id) and all (see runQueryOptions).
  structuralSharing: false,
});

/** What Executions and Test & Debug show of one step of a run: the run without its data, and
 *  that step's record with its output and log once the run has one — the run's detail carried
 *  every step's output (opening step 3's entry read step 2's 4 MB), on every poll while it ran.
 *  Both are polled until the run has finished and the record says what the run's overview says
 *  of the step (the two are read apart: a record read just before the step ended is read again). */
export function useRunStep(runId: string | undefined, stepId: string, enabled = true) {
  const overview = useQuery({ ...runOverviewQueryOptions(runId ?? ""), enabled: enabled && !!runId });
  const listed = overview.data?.steps.find((s) => s.stepId === stepId);
  const ended = !!overview.data && TERMINAL_RUN_STATUSES.includes(overview.data.status);
  const settled = (q: { state: { data?: RunStepView } }) => ended && q.state.data?.status === listed?.status && q.state.data?.finishedAt === listed?.finishedAt;
  const record = useQuery({
    ...runStepQueryOptions(runId ?? "", stepId),
    enabled: enabled && !!runId && !!listed,
    refetchInterval: (q: { state: { data?: RunStepView } }) => (settled(q) ? false : POLL_MS),
    staleTime: (q: { state: { data?: RunStepView } }) => (settled(q) ? Infinity : 0),
  });
  return { overview, record: listed ? record : undefined };
}

export const DELIVERIES_PAGE = 50;
export type DeliveriesPage = { deliveries: Delivery[]; nextBefore: string | null };

/** The deliveries log, newest first, 50 at a time, as useRunWindow: the newest page polled, what
 *  is loaded kept while the log is `held`. */
export function useDeliveryWindow(workflowId: string, held: boolean) {
  return useLiveWindow<Delivery>({
    queryKey: [...keys.deliveries(workflowId), "window"],
    fetchPage: async (before) => {
      const p = await api<DeliveriesPage>(`/api/v1/workflows/${workflowId}/deliveries?limit=${DELIVERIES_PAGE}${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      return { items: p.deliveries, nextBefore: p.nextBefore };
    },
    pageSize: DELIVERIES_PAGE,
    timeOf: (d) => d.receivedAt,
    pollMs: POLL_MS,
    held,
  });
}
