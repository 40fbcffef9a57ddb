"use client";
// The ids of the workspace's accounts, for marking a step whose account was deleted since it was
// chosen (lib/editor/gone-account.ts). The same query as an HTTP Request's account field, so the
// list is fetched once and refreshed with it (on focus: an account deleted in another tab).
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/editor/api";
import type { AccountIds } from "@/lib/editor/check-steps";
import type { ConnectionView } from "@/lib/connections/connection-input";

export function useAccountIds(workspaceId: string): AccountIds {
  const query = useQuery({
    queryKey: ["connections", workspaceId, null],
    queryFn: () => api<{ connections: ConnectionView[] }>(`/api/v1/workspaces/${workspaceId}/connections`),
  });
  return useMemo(() => (query.data ? new Set(query.data.connections.map((c) => c.id)) : null), [query.data]);
}
