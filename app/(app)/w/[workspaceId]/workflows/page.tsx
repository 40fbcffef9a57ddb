// A workspace's workflows: name, Draft/Live, last change; an empty state that says what to do.
import Link from "next/link";
import { notFound } from "next/navigation";
import { Workflow as WorkflowIcon } from "lucide-react";
import { requireCurrentUser } from "@/components/auth/current-user";
import { Badge } from "@/components/ui/badge";
import { relativeTime } from "@/components/ui/relative-time";
import { NewWorkflowButton } from "@/components/workflows/new-workflow-button";
import { AppError } from "@/lib/api/errors";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";
import { listWorkspaceWorkflows } from "@/lib/workspaces/list-workspace-workflows";

type Props = { params: Promise<{ workspaceId: string }> };

export default async function WorkflowsPage({ params }: Props) {
  const user = await requireCurrentUser();
  const { workspaceId } = await params;
  const result = await listWorkspaceWorkflows({ userId: user.id, workspaceId }).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  const workspace = (await listAccessibleWorkspaces(user.id)).find((w) => w.id === workspaceId);
  const canEdit = result.role !== "viewer";

  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Workflows</h1>
          <p className="mt-1 text-sm text-slate-500">
            {workspace?.name} · {workspace?.kind === "provider" ? "Provider workspace" : "Client workspace"}
          </p>
        </div>
        {canEdit && result.workflows.length > 0 && <NewWorkflowButton workspaceId={workspaceId} />}
      </div>

      {result.workflows.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <WorkflowIcon className="h-10 w-10 text-slate-300" aria-hidden />
          <h2 className="mt-4 text-base font-semibold text-slate-900">
            {canEdit ? "No workflows yet — create one" : "No workflows yet"}
          </h2>
          <p className="mt-1 max-w-md text-sm text-slate-500">
            {canEdit
              ? "Start from a trigger such as a Webhook or Scheduler, add the steps that should run, test them with sample data, then go Live."
              : "Someone with the editor role in this workspace can create one."}
          </p>
          {canEdit && (
            <div className="mt-6">
              <NewWorkflowButton workspaceId={workspaceId} />
            </div>
          )}
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Workflows">
          {result.workflows.map((w) => (
            <li key={w.id}>
              <Link href={`/w/${workspaceId}/workflows/${w.id}`} className="flex items-center gap-4 px-4 py-3 hover:bg-slate-50">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{w.name}</span>
                {w.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge tone="slate">Draft</Badge>}
                <time dateTime={w.updatedAt.toISOString()} title={w.updatedAt.toUTCString()} className="w-32 text-right text-sm text-slate-500">
                  Updated {relativeTime(w.updatedAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
