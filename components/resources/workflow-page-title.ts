// A workflow page's <title> with the workflow's name in it ("Disk alerts · Workflow editor · MSP
// Flow"), for generateMetadata: a tab, a window list or a screen reader's page title then says which
// workflow. Without a session or access, the page's words alone (the page signs in or answers 404).
import { getCurrentUser } from "@/components/auth/current-user";
import { findWorkflowName } from "@/lib/workflows/find-workflow-name";

export async function workflowPageTitle(workflowId: string, withName: (name: string) => string, without: string): Promise<string> {
  const user = await getCurrentUser();
  const name = user ? await findWorkflowName({ workflowId, userId: user.id }) : null;
  return name ? withName(name) : without;
}
