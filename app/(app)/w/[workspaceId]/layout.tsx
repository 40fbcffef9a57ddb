// The shell of every page inside a workspace (workflows list, and later the editor at
// /w/{workspaceId}/workflows/{workflowId}): top bar with the workspace switcher.
import { notFound } from "next/navigation";
import { requireCurrentUser } from "@/components/auth/current-user";
import { AppShell } from "@/components/shell/app-shell";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

type Props = { children: React.ReactNode; params: Promise<{ workspaceId: string }> };

export default async function WorkspaceLayout({ children, params }: Props) {
  const user = await requireCurrentUser();
  const { workspaceId } = await params;
  const workspaces = await listAccessibleWorkspaces(user.id);
  if (!workspaces.some((w) => w.id === workspaceId)) notFound();
  return (
    <AppShell email={user.email} workspaces={workspaces} currentId={workspaceId}>
      {children}
    </AppShell>
  );
}
