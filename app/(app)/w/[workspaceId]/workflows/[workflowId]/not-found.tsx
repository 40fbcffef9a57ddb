// The editor's 404 (page.tsx calls notFound() for a workflow that does not exist or is not
// shared with the user), inside the workspace shell, with the way back to its workflows.
// Not-found pages get no params: the workspace comes from the path proxy.ts passes on.
import Link from "next/link";
import { headers } from "next/headers";
import { PATH_HEADER } from "@/components/auth/path-header";
import { buttonClass } from "@/components/ui/button";

export default async function WorkflowNotFound() {
  const workspaceId = /^\/w\/([\w-]+)\//.exec((await headers()).get(PATH_HEADER) ?? "")?.[1];
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-lg font-semibold">Workflow not found</h1>
      <p className="max-w-md text-sm text-slate-500">It may have been deleted, or it belongs to a workspace you cannot see.</p>
      <Link href={workspaceId ? `/w/${workspaceId}/workflows` : "/workspaces"} className={buttonClass("primary")}>
        {workspaceId ? "Back to workflows" : "Go to your workspaces"}
      </Link>
    </div>
  );
}
