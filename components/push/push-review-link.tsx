"use client";
// One link in the editor header: "Push to client" on a provider's workflow, "Client review"
// (with what is still open) on a copy that arrived by push; nothing otherwise. The hook and the
// button are apart so a narrow header can offer the same link in its actions menu.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Send, ListChecks, type LucideIcon } from "lucide-react";
import { useWorkspaces } from "@/components/editor/use-workspace-role";
import { apiFetch } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";

type State = { kind: "push" } | { kind: "review"; open: number; sourceDeleted: boolean } | null;
/** copy: set on a copy that arrived by push (the editor's note that the next push replaces edits;
 *  sourceDeleted once the provider deleted its workflow, when none will). */
export type PushReviewTarget = { href: string; label: string; icon: LucideIcon; copy?: { sourceDeleted: boolean } };

export function usePushReviewLink({ workspaceId, workflowId, canPush = true }: { workspaceId: string; workflowId: string; /** Viewers do not push. */ canPush?: boolean }): PushReviewTarget | null {
  // Read once, as the editor opens. The workspaces are the editor's own polled query (its role
  // check): a second read of them here was one more request on every open.
  const review = useQuery({
    queryKey: ["workflow", workflowId, "review-link"],
    queryFn: () => apiFetch<{ pushed: boolean; missing?: unknown[]; source?: { workflowId: string | null } }>(`/api/v1/workflows/${workflowId}/review`),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const workspaces = useWorkspaces();
  const state: State = review.data?.pushed
    ? { kind: "review", open: review.data.missing?.length ?? 0, sourceDeleted: review.data.source?.workflowId === null }
    : review.data && canPush && workspaces.data?.workspaces.find((w) => w.id === workspaceId)?.kind === "provider"
      ? { kind: "push" }
      : null;
  if (!state) return null;
  const base = `/w/${workspaceId}/workflows/${workflowId}`;
  return state.kind === "push"
    ? { href: `${base}/push`, label: "Push to client", icon: Send }
    : { href: `${base}/review`, label: `Client review${state.open ? ` (${state.open} open)` : ""}`, icon: ListChecks, copy: { sourceDeleted: state.sourceDeleted } };
}

export function PushReviewLink({ target, className }: { target: PushReviewTarget; className?: string }) {
  const Icon = target.icon;
  return (
    <Link href={target.href} className={buttonClass("secondary", "sm", className)}>
      <Icon className="h-4 w-4" aria-hidden /> {target.label}
    </Link>
  );
}
