"use client";
// The workspace's accounts by id (name, base URL, app), for marking a step whose account was
// deleted since it was chosen, cannot serve its URL, or is of another app than the step's
// (lib/connections/step-account-message.ts). The same
// query as an HTTP Request's account field, so the list is fetched once and refreshed with it (on
// focus: an account deleted in another tab).
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
  return useMemo(() => (query.data ? new Map(query.data.connections.map((c) => [c.id, { name: c.name, baseUrl: c.baseUrl, app: c.app }])) : null), [query.data]);
}
