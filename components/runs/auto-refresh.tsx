"use client";
// Re-renders the server page every `seconds` while the tab is visible, so a page watched for
// failures (Runs) shows new ones without a reload; the filters and opened rows stay. Before each
// refresh it asks whether the workspace is still the caller's, as the editor's polls do: once the
// caller was removed (or the client deleted) or the session ended, a refresh would replace the
// page with a bare 404 or the sign-in page, so it stops and says why, in the editor's words, with
// what was on screen kept.
import { useEffect, useState } from "react";
import { useParams, useRouter } from "next/navigation";
import { ErrorAlert } from "@/components/ui/error-alert";
import { apiFailureMessage, NO_WORKSPACE_ACCESS } from "@/components/ui/access-lost";

/** null while the workspace is still the caller's; otherwise the message to show. */
async function accessLost(workspaceId: string): Promise<string | null> {
  const res = await fetch("/api/v1/workspaces", { cache: "no-store" });
  if (res.status === 401) return apiFailureMessage(401, {});
  if (!res.ok) return null; // a passing failure: the refresh says what it says
  const { workspaces } = (await res.json()) as { workspaces: { id: string }[] };
  return workspaces.some((w) => w.id === workspaceId) ? null : NO_WORKSPACE_ACCESS;
}

export function AutoRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  const { workspaceId } = useParams<{ workspaceId: string }>();
  const [lost, setLost] = useState<string | null>(null);
  useEffect(() => {
    if (lost) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      void accessLost(workspaceId).then(
        (why) => {
          if (stopped) return;
          if (why) setLost(why);
          else router.refresh();
        },
        () => {}, // no answer (network): tried again at the next tick
      );
    }, seconds * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [router, seconds, workspaceId, lost]);
  return lost ? (
    <div className="mb-4" data-testid="refresh-stopped">
      <ErrorAlert error={lost} />
    </div>
  ) : null;
}
