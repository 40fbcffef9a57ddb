"use client";
// The caller's role in the workflow's workspace, read again every 10 s like the workflow: a
// technician demoted to viewer, or removed from the workspace, while the editor is open is told
// so and can no longer edit, instead of learning it from a refused save ("workflow not found").
import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/editor/api";
import type { Role } from "@/lib/workspaces/access";

export const workspacesKey = ["workspaces"] as const;

/** undefined until read; null when the workspace is no longer among the caller's. */
export function useWorkspaceRole(workspaceId: string): Role | null | undefined {
  const q = useQuery({
    queryKey: workspacesKey,
    queryFn: () => api<{ workspaces: { id: string; role: Role }[] }>("/api/v1/workspaces"),
    refetchInterval: 10_000,
  });
  return q.data && (q.data.workspaces.find((w) => w.id === workspaceId)?.role ?? null);
}
