"use client";
// The caller's role in the workflow's workspace, read again every 10 s like the workflow: a
// technician demoted to viewer, or removed from the workspace, while the editor is open is told
// so and can no longer edit, instead of learning it from a refused save ("workflow not found").
// The Push page and the client review notice the same with useWorkflowLost, as the editor does.
import { useQuery } from "@tanstack/react-query";
import { api, ApiError, useWorkflowQuery } from "@/components/editor/api";
import type { Role } from "@/lib/workspaces/access";

export const workspacesKey = ["workspaces"] as const;

/** The caller's workspaces (GET /api/v1/workspaces), polled: one query for every part that reads them. */
export function useWorkspaces() {
  return useQuery({
    queryKey: workspacesKey,
    queryFn: () => api<{ workspaces: { id: string; role: Role; kind: string }[] }>("/api/v1/workspaces"),
    refetchInterval: 10_000,
    // Read by several of the editor's parts as they mount: one read, not one each; coming back to the tab still looks.
    staleTime: 10_000,
    refetchOnWindowFocus: "always",
  });
}

/** undefined until read; null when the workspace is no longer among the caller's. */
export function useWorkspaceRole(workspaceId: string): Role | null | undefined {
  const q = useWorkspaces();
  return q.data && (q.data.workspaces.find((w) => w.id === workspaceId)?.role ?? null);
}

/** Why a page can no longer change the workflow, noticed by its polls (or a refused save). */
export type Lost = "deleted" | "no_access" | "viewer";

export const LOST_REASON: Record<Lost, string> = {
  deleted: "this workflow was deleted",
  no_access: "you no longer have access to this workspace",
  viewer: "you can now only view this workflow (your role here is viewer)",
};

/** The workflow's poll answering 404 is a workflow deleted, or a workspace the caller was removed
 *  from (the API answers both alike, so the workspaces list tells them apart); a viewer role is
 *  read-only. */
export function lostOf(role: Role | null | undefined, workflowError: unknown): Lost | null {
  const notFound = workflowError instanceof ApiError && workflowError.status === 404;
  return role === null ? "no_access" : notFound ? "deleted" : role === "viewer" ? "viewer" : null;
}

/** For a page about one workflow other than the editor (inside a QueryClientProvider): the
 *  workflow and the caller's role polled as the editor polls them, and what was lost, if anything. */
export function useWorkflowLost(workspaceId: string, workflowId: string): Lost | null {
  const role = useWorkspaceRole(workspaceId);
  const query = useWorkflowQuery(workflowId);
  return lostOf(role, query.error);
}
