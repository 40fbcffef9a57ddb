// App accounts of a workspace, per app of the catalog. ?app=KEY preselects the add form's app;
// ?returnTo=PATH (a relative path on this site, checked as sign-in checks its callbackUrl: never
// another origin) is where a successful add leads back to — the client review's "Add an account".
import type { Metadata } from "next";
import { ConnectionsManager } from "@/components/resources/connections-manager";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { ViewOnlyNote } from "@/components/resources/view-only-note";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { listConnections } from "@/lib/connections/list-connections";
import { oauthRedirectUri } from "@/lib/connections/oauth/oauth-redirect-uri";

export const metadata: Metadata = { title: "App connections · MSP Flow" };

type Search = Promise<{ app?: string | string[]; returnTo?: string | string[] }>;

export default async function ConnectionsPage({ params, searchParams }: { params: Promise<{ workspaceId: string }>; searchParams: Search }) {
  const { workspaceId } = await params;
  const { app, returnTo } = await searchParams;
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const connections = await listConnections({ workspaceId, userId: user.id });
  // A relative path only: sign-in's check also takes an absolute URL on any host (as its path).
  const back = typeof returnTo === "string" && returnTo.startsWith("/") ? safeCallbackPath(returnTo) : null;
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader title="App connections" subtitle={`${workspace.name} · accounts that HTTP Request and AI Prompt steps use`} />
      <ViewOnlyNote role={workspace.role} needs="editor" workspaceName={workspace.name} what="adds, changes, connects and deletes its app accounts" />
      <ConnectionsManager
        workspaceId={workspaceId}
        connections={connections}
        canEdit={canEdit}
        oauthRedirectUri={oauthRedirectUri()}
        initialApp={typeof app === "string" ? app : undefined}
        returnTo={back ? { path: back, label: /\/workflows\/[^/]+\/review$/.test(new URL(back, "http://x.invalid").pathname) ? "the review" : "the page you came from" } : undefined}
      />
    </div>
  );
}
