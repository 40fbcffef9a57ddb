// Runs across a workspace's workflows (a provider's clients' too, by default): what failed,
// what is waiting, where — the filters are in the URL (one workflow's runs too, and older pages by
// the `before` cursor); the list refreshes itself. Stop run and
// Run again show on the runs of workspaces where the user is an editor or owner. One pushed
// copy's runs (?workflowId=) come with the runs its provider's pushes stopped and the action that
// runs them all again, as on its review page (stopped-runs-notice.tsx).
import type { Metadata } from "next";
import Link from "next/link";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { StoppedRunsNotice } from "@/components/push/stopped-runs-notice";
import { AutoRefresh } from "@/components/runs/auto-refresh";
import { RunsFilter } from "@/components/runs/runs-filter";
import { WorkspaceRunsTable } from "@/components/runs/workspace-runs-table";
import { WorkspaceTabs } from "@/components/workflows/workspace-tabs";
import { findRunsKeptDays } from "@/lib/retention/find-runs-kept-days";
import { findFilteredWorkflowName } from "@/lib/runs/filtered-workflow-name";
import { getStoppedRuns } from "@/lib/runs/get-stopped-runs";
import { listWorkspaceRuns, WorkspaceRunsQuery } from "@/lib/runs/list-workspace-runs";
import { parseDeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { findWorkflowWorkspace } from "@/lib/workflows/find-workflow-workspace";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export const metadata: Metadata = { title: "Runs · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const LIMIT = 200;

/** This page with these query parameters (undefined ones left out). */
function pageHref(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
  return `?${q}`;
}

function readsAsCursor(before: string | undefined): boolean {
  try {
    return parseDeliveriesCursor(before ?? null) !== null;
  } catch {
    return false;
  }
}

/** The runs a push stopped of the workflow the page is filtered to, with its workspace; null when the caller cannot see it. */
async function stoppedRunsOf(workflowId: string, userId: string) {
  const workspaceId = await findWorkflowWorkspace({ workflowId, userId });
  return workspaceId ? { workspaceId, stopped: await getStoppedRuns({ workflowId, userId }) } : null;
}

export default async function RunsPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const provider = workspace.kind === "provider";
  // A provider's view includes its clients unless turned off; anything unreadable is the default.
  const parsed = WorkspaceRunsQuery.safeParse({ ...raw, clients: raw.clients ?? (provider ? "true" : "false") });
  const query = parsed.success ? parsed.data : WorkspaceRunsQuery.parse({ clients: provider ? "true" : "false" });
  // An older page's cursor that does not read (edited by hand) shows the newest page.
  const before = readsAsCursor(query.before) ? query.before : undefined;
  const clients = provider && query.clients;
  const [{ runs, nextBefore }, accessible, workflowName, keptDays, pushStopped] = await Promise.all([
    listWorkspaceRuns({ workspaceId, userId: user.id, limit: LIMIT, ...query, before, clients }),
    // Per workspace: a provider viewer may also be an editor in one client of it (lib/runs/require-run-role.ts decides the same way).
    listAccessibleWorkspaces(user.id),
    // Named when no run matches too.
    query.workflowId ? findFilteredWorkflowName({ workspaceId, userId: user.id, workflowId: query.workflowId, clients }) : null,
    // How long these workspaces keep runs: the windows offered, and a note past the shortest.
    findRunsKeptDays({ workspaceId, clients }),
    query.workflowId ? stoppedRunsOf(query.workflowId, user.id) : null,
  ]);
  const listed = new Set(runs.map((r) => r.workspaceId));
  const actIn = accessible.filter((w) => w.role !== "viewer" && listed.has(w.id)).map((w) => w.id);
  // A first visit said only "No runs match.", as if something had been filtered out, and not how a run comes about.
  const within = query.days === 1 ? "the last day" : `the last ${query.days} days`;
  const emptyNote = before
    ? "No runs are older than the ones on the newer pages."
    : `Listed: ${query.status ? `${query.status} runs` : "runs"} started within ${within}${workflowName ? ` of “${workflowName}”` : ""}${query.q ? ` matching “${query.q}” (a run id or its end, or words of the error)` : ""}. A run starts each time a Live workflow's trigger fires, and each time a workflow is tested on its Test & Debug tab.`;
  return (
    <div className="mx-auto max-w-6xl px-6 py-8">
      <AutoRefresh seconds={10} />
      <PageHeader title="Runs" subtitle={`${workspace.name} · the latest ${LIMIT} at most, newest first, refreshed every 10 s`} />
      <WorkspaceTabs workspaceId={workspaceId} current="runs" />
      <RunsFilter value={{ status: query.status ?? "", clients: query.clients, days: query.days, workflowId: query.workflowId ?? "", q: query.q ?? "" }} provider={provider} workflowName={workflowName} keptDays={keptDays} />
      {pushStopped && query.workflowId && (
        <div className="mb-4">
          <StoppedRunsNotice
            workspaceId={workspaceId}
            workflowId={query.workflowId}
            stopped={pushStopped.stopped}
            canEdit={accessible.some((w) => w.id === pushStopped.workspaceId && w.role !== "viewer")}
            reviewHref={`/w/${pushStopped.workspaceId}/workflows/${query.workflowId}/review`}
          />
        </div>
      )}
      <WorkspaceRunsTable runs={runs} showWorkspace={clients} actIn={actIn} filterQuery={pageHref({ ...raw, workflowId: undefined, before: undefined }).slice(1)} emptyNote={emptyNote} />
      {(before || nextBefore) && (
        <nav aria-label="Pages of runs" className="mt-4 flex gap-4 text-sm">
          {before && <Link href={pageHref({ ...raw, before: undefined })} className="text-brand-700 hover:underline">Newest runs</Link>}
          {nextBefore && <Link href={pageHref({ ...raw, before: nextBefore })} className="text-brand-700 hover:underline">Older runs</Link>}
        </nav>
      )}
    </div>
  );
}
