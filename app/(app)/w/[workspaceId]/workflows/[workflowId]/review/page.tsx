// The client review of a pushed copy: where it came from and the checklist before Go live.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { ReviewChecklist } from "@/components/push/review-checklist";
import { StoppedRunsNotice } from "@/components/push/stopped-runs-notice";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { RefreshOnReturn } from "@/components/ui/refresh-on-return";
import { workflowPageTitle } from "@/components/resources/workflow-page-title";
import { Badge } from "@/components/ui/badge";
import { TimeAgo } from "@/components/ui/time-ago";
import { AppError } from "@/lib/api/errors";
import { getClientReview } from "@/lib/push/get-client-review";
import { getStoppedRuns } from "@/lib/runs/get-stopped-runs";
import { getWorkflow } from "@/lib/workflows/get-workflow";

/** What the push did with the trigger's testing data; "kept" only where there is some to keep. */
function sampleDataNote(choice: string, hasTestingData: boolean): string {
  if (choice === "replace") return " The provider's sample data replaced the trigger's testing data.";
  if (choice !== "keep") return " The provider's sample data was cleared; your own testing data, if any, stays.";
  return hasTestingData
    ? " The provider's sample data was kept on the trigger, unless you had your own testing data (that stays)."
    : " The trigger has no testing data: add a sample payload under Test & Debug to try the workflow.";
}

// ?added=ID: the account just added from an item's "Add an account" (the accounts page leads back
// here with it), which the checklist preselects where it is the only fitting one.
type Props = { params: Promise<{ workspaceId: string; workflowId: string }>; searchParams: Promise<{ added?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workflowId } = await params;
  return { title: await workflowPageTitle(workflowId, (name) => `Review ${name} · MSP Flow`, "Client review · MSP Flow") };
}

export default async function ReviewPage({ params, searchParams }: Props) {
  const { workspaceId, workflowId } = await params;
  const { added } = await searchParams;
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const found = await Promise.all([
    getWorkflow({ workflowId, userId: user.id }),
    getClientReview({ workflowId, userId: user.id }),
    // The runs its provider's pushes stopped, offered again under Go live once it is Live.
    getStoppedRuns({ workflowId, userId: user.id }),
  ]).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  const [workflow, review, stopped] = found;
  // A link naming another workspace of the user leads to the workflow's own, as the editor's does.
  if (workflow.workspaceId !== workspaceId) redirect(`/w/${workflow.workspaceId}/workflows/${workflowId}/review`);
  const editor = `/w/${workspaceId}/workflows/${workflowId}`;
  // "Kept" is only true of sample data that exists: a push of a workflow without any keeps nothing.
  const hasTestingData = (workflow.steps[0]?.config as { testingData?: unknown } | undefined)?.testingData !== undefined;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-6 py-8">
      {/* Back from the Variables page (or another tab's change): what was done there shows. */}
      <RefreshOnReturn />
      <PageHeader title={`Review “${workflow.name}”`} subtitle={
          review.pushed ? (
            <>
              Pushed by {review.pushedBy ?? "your provider"} from version {review.source.version} <TimeAgo at={review.pushedAt} />
              {/* The delete cut the link (source.workflowId null): no push will update this copy again. */}
              {review.source.workflowId === null && <> · your provider has since deleted its workflow, so this copy gets no further updates</>}
            </>
          ) : undefined
        }>
        <div className="flex items-center gap-3">
          {workflow.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge>Draft</Badge>}
          <Link href={editor} className="text-sm text-brand-700 hover:underline">Open in the editor</Link>
        </div>
      </PageHeader>
      {review.pushed ? (
        <>
          <p className="text-sm text-slate-600">
            Check the configuration in the editor, choose your own accounts and fill in your values. Values were not copied from your provider.
            {sampleDataNote(review.sampleData, hasTestingData)}
          </p>
          <ReviewChecklist workspaceId={workspaceId} workspaceName={workspace.name} workflowId={workflowId} review={review} mode={workflow.mode} canEdit={canEdit} addedAccountId={typeof added === "string" ? added : null} />
          <StoppedRunsNotice workspaceId={workspaceId} workflowId={workflowId} stopped={stopped} canEdit={canEdit} />
        </>
      ) : (
        <p className="text-sm text-slate-600">This workflow was not pushed from a provider; there is nothing to review. Go live from the editor.</p>
      )}
    </div>
  );
}
