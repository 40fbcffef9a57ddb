// Push a provider workflow to one of the provider's clients, with the preflight first, and see
// which client has which version.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { PushPanel } from "@/components/push/push-panel";
import { PushedCopiesTable } from "@/components/push/pushed-copies-table";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { workflowPageTitle } from "@/components/resources/workflow-page-title";
import { AppError } from "@/lib/api/errors";
import { listPushedCopies } from "@/lib/push/list-pushed-copies";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";
import { getWorkflow } from "@/lib/workflows/get-workflow";

type Props = { params: Promise<{ workspaceId: string; workflowId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workflowId } = await params;
  return { title: await workflowPageTitle(workflowId, (name) => `Push ${name} to a client · MSP Flow`, "Push to a client · MSP Flow") };
}

export default async function PushPage({ params }: Props) {
  const { workspaceId, workflowId } = await params;
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const workflow = await getWorkflow({ workflowId, userId: user.id }).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  // A link naming another workspace of the user leads to the workflow's own, as the editor's does.
  if (workflow.workspaceId !== workspaceId) redirect(`/w/${workflow.workspaceId}/workflows/${workflowId}/push`);
  const clients = (await listAccessibleWorkspaces(user.id)).filter((w) => w.providerId === workspaceId).map((w) => ({ id: w.id, name: w.name }));
  const copies = await listPushedCopies({ workflowId, userId: user.id });
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-6 py-8">
      <PageHeader title={`Push “${workflow.name}”`} subtitle={`Version ${workflow.version} · from ${workspace.name} to one client workspace at a time`}>
        <Link href={`/w/${workspaceId}/workflows/${workflowId}`} className="text-sm text-brand-700 hover:underline">Back to the editor</Link>
      </PageHeader>
      {workspace.kind !== "provider" ? (
        <p className="text-sm text-slate-600">Only a provider workspace pushes workflows to its clients.</p>
      ) : !canEdit ? (
        <p className="text-sm text-slate-600">Pushing needs the editor role.</p>
      ) : clients.length === 0 ? (
        <p className="text-sm text-slate-600">This provider has no client workspaces yet.</p>
      ) : (
        <PushPanel workspaceId={workspaceId} workflowId={workflowId} clients={clients.map((c) => ({ ...c, copy: copies.find((copy) => copy.target.id === c.id)?.status ?? null }))} />
      )}
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Clients with a copy</h2>
        <PushedCopiesTable copies={copies} withoutCopy={clients.filter((c) => !copies.some((copy) => copy.target.id === c.id)).map((c) => c.name)} />
      </section>
    </div>
  );
}
