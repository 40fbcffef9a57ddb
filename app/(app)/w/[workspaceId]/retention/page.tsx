// A workspace's data retention: how long its runs, step outputs and deliveries log are kept, the
// operator's defaults beside this workspace's own values; owners change them (PUT …/retention),
// everyone else reads them. The defaults come from the server's settings here, since the API's
// view holds only the overrides and the values in effect.
// Below, the workspace's failure alerts (editors and owners set them): the page is the
// workspace's settings.
import type { Metadata } from "next";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { FailureAlertSettings } from "@/components/workspace/failure-alert-settings";
import { RetentionSettings } from "@/components/workspace/retention-settings";
import { getFailureAlert } from "@/lib/failure-alerts/update-failure-alert";
import { retentionSettings } from "@/lib/retention/run-retention";
import { getWorkspaceRetention } from "@/lib/retention/update-workspace-retention";

export const metadata: Metadata = { title: "Data retention · MSP Flow" };

const ROLE_NAMES: Record<string, string> = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

export default async function RetentionPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  const view = await getWorkspaceRetention({ workspaceId, userId: user.id });
  const alerts = await getFailureAlert({ workspaceId, userId: user.id });
  const { runDays, runsPerWorkflow, stepOutputDays, deliveryDays, deliveriesPerWorkflow } = retentionSettings();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Data retention"
        subtitle={`${workspace.name} · how long finished runs, their step outputs and the deliveries log are kept before the scheduled clean-up removes them`}
      />
      <RetentionSettings
        workspaceId={workspaceId}
        view={view}
        defaults={{ runDays, runsPerWorkflow, stepOutputDays, deliveryDays, deliveriesPerWorkflow }}
        canChange={workspace.role === "owner"}
        role={ROLE_NAMES[workspace.role] ?? workspace.role}
      />
      <FailureAlertSettings workspaceId={workspaceId} view={alerts} canChange={workspace.role !== "viewer"} />
    </div>
  );
}
