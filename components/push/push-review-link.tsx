"use client";
// One link in the editor header: "Push to client" on a provider's workflow, "Client review"
// (with what is still open) on a copy that arrived by push; nothing otherwise.
import { useEffect, useState } from "react";
import Link from "next/link";
import { Send, ListChecks } from "lucide-react";
import { apiFetch } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";

type State = { kind: "push" } | { kind: "review"; open: number } | null;

export function PushReviewLink({ workspaceId, workflowId, canPush = true }: { workspaceId: string; workflowId: string; /** Viewers do not push. */ canPush?: boolean }) {
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const review = await apiFetch<{ pushed: boolean; missing?: unknown[] }>(`/api/v1/workflows/${workflowId}/review`);
      if (review.pushed) return { kind: "review", open: review.missing?.length ?? 0 } as const;
      const { workspaces } = await apiFetch<{ workspaces: { id: string; kind: string }[] }>("/api/v1/workspaces");
      return canPush && workspaces.find((w) => w.id === workspaceId)?.kind === "provider" ? ({ kind: "push" } as const) : null;
    })().then(
      (s) => live && setState(s),
      () => live && setState(null),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, workflowId, canPush]);
  if (!state) return null;
  const base = `/w/${workspaceId}/workflows/${workflowId}`;
  return state.kind === "push" ? (
    <Link href={`${base}/push`} className={buttonClass("secondary", "sm")}>
      <Send className="h-4 w-4" aria-hidden /> Push to client
    </Link>
  ) : (
    <Link href={`${base}/review`} className={buttonClass("secondary", "sm")}>
      <ListChecks className="h-4 w-4" aria-hidden /> Client review{state.open ? ` (${state.open} open)` : ""}
    </Link>
  );
}
