"use client";
// The list page's calls to /api/v1 (session cookie) and the react-query hooks over them.
// Rename and duplicate go through the same workflow API the editor saves with.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/editor/api";
import type { WorkflowView } from "@/lib/editor/api-types";
import { copyName, copySteps } from "@/lib/workflow-list/copy-steps";
import type { WorkflowListItem } from "@/lib/workflows/list-workflows";

// The server's shape; a type-only import, erased from the client bundle.
export type { WorkflowListItem };

const listKey = (workspaceId: string) => ["workspace", workspaceId, "workflows"] as const;

export function useWorkflowList(workspaceId: string, initial?: WorkflowListItem[]) {
  return useQuery({
    queryKey: listKey(workspaceId),
    queryFn: () => api<{ workflows: WorkflowListItem[] }>(`/api/v1/workspaces/${workspaceId}/workflows`).then((b) => b.workflows),
    initialData: initial,
    // Last-run status changes while the page is open (deliveries, schedules).
    refetchInterval: 15_000,
  });
}

export function useWorkflowListActions(workspaceId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: listKey(workspaceId) });

  const rename = useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      // The name alone (a PUT without steps keeps them): sending the steps back re-checked them
      // as a save, so a Live workflow could not be renamed once a key it reads changed kind.
      const wf = await api<WorkflowView>(`/api/v1/workflows/${id}`);
      return api<WorkflowView>(`/api/v1/workflows/${id}`, { method: "PUT", body: { name, version: wf.version } });
    },
    onSettled: refresh,
  });

  const duplicate = useMutation({
    mutationFn: async ({ id }: { id: string }) => {
      const [wf, list, accounts] = await Promise.all([
        api<WorkflowView>(`/api/v1/workflows/${id}`),
        api<{ workflows: WorkflowListItem[] }>(`/api/v1/workspaces/${workspaceId}/workflows`),
        api<{ connections: { id: string }[] }>(`/api/v1/workspaces/${workspaceId}/connections`),
      ]);
      // A deleted account's id is left behind (the save refuses an unknown one).
      const { steps, secretDropped, accountsCleared } = copySteps(wf.steps, undefined, new Set(accounts.connections.map((c) => c.id)));
      const created = await api<WorkflowView>(`/api/v1/workspaces/${workspaceId}/workflows`, {
        method: "POST",
        body: { name: copyName(wf.name, list.workflows.map((w) => w.name)), steps },
      });
      return { created, secretDropped, accountsCleared };
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: ({ id }: { id: string }) => api<void>(`/api/v1/workflows/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });

  return { rename, duplicate, remove };
}
