"use client";
// The clients that have a pushed copy of a workflow (GET /workflows/{id}/pushes), for the delete
// confirmation: deleting the source cuts those copies off for good, so the provider is told how
// many before confirming. Fetched when the dialog opens (the list does not carry it); the
// confirmation waits for it, so a quick click cannot confirm before the sentence is there.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/editor/api";

type Pushes = { copies: { target: { id: string; name: string } }[] };

/** `clients`: their names, null while loading, for no workflow, or when they could not be read
 *  (`failed`); `checking`: still loading, so the confirmation waits. */
export function usePushedCopies(workflowId: string | null): { clients: string[] | null; checking: boolean; failed: boolean } {
  const q = useQuery({
    queryKey: ["workflow", workflowId, "pushes"],
    queryFn: () => api<Pushes>(`/api/v1/workflows/${workflowId}/pushes`).then((b) => b.copies.map((c) => c.target.name)),
    enabled: workflowId !== null,
    staleTime: 0,
  });
  if (workflowId === null) return { clients: null, checking: false, failed: false };
  return { clients: q.data ?? null, checking: q.isPending, failed: q.isError };
}

/** The sentence the delete confirmation adds for a workflow with copies; "" without. */
export function copiesCutOff(clients: string[]): string {
  if (clients.length === 0) return "";
  const names = clients.length <= 3 ? ` (${clients.join(", ")})` : ` (${clients.slice(0, 3).join(", ")} and ${clients.length - 3} more)`;
  const n = clients.length === 1 ? "1 client has a copy" : `${clients.length} clients have a copy`;
  return ` ${n}${names}: ${clients.length === 1 ? "it stays theirs but gets" : "those stay theirs but get"} no further updates from you.`;
}
