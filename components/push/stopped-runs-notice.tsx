"use client";
// The runs a provider's pushes stopped (lib/runs/get-stopped-runs.ts) and the one action that runs
// them all again (POST …/runs/rerun-stopped): on the copy's review page, under Go live, where a
// client who has just gone Live sees it, and on the Runs page filtered to the copy (?workflowId=),
// where its stopped runs are listed. It says which runs it starts (how many, stopped by which push,
// when they arrived; not those run again by hand, nor those retention cleared) and that they run
// on the version Live now. While the push awaits review or the copy is in Draft the button is
// disabled, with the reason as its description (and, on the Runs page, a link to the review); a
// viewer reads the notice without the button. The server page passes the summary; after the
// action (and after Go live) the page is refreshed and passes the new one, and the result stays
// said, with a link to the runs.
import { useState } from "react";
import Link from "next/link";
import { apiFetch } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useApiAction } from "@/components/ui/use-api-action";
import type { RerunStoppedRunsResult } from "@/lib/runs/rerun-stopped-runs";
import type { StoppedRunsView } from "@/lib/runs/get-stopped-runs";
import { plural } from "@/lib/plural";

/** workspaceId: the page's, for the Runs page links. reviewHref: where the review is, shown while
 *  the action waits for it (on the Runs page; the review page is where it is shown already). */
type Props = { workspaceId: string; workflowId: string; stopped: StoppedRunsView; canEdit: boolean; reviewHref?: string };

/** "24 Nov 2026, 14:05 UTC": the same text on the server and in the browser. */
const when = (iso: string) => {
  const d = new Date(iso);
  const month = d.toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${iso.slice(11, 16)} UTC`;
};

function byPush(pushes: StoppedRunsView["pushes"]): string {
  if (pushes.length === 1) return `by the push of ${when(pushes[0].pushedAt)}`;
  return `by your provider's pushes (${pushes.map((p) => `${p.count} by the push of ${when(p.pushedAt)}`).join(", ")})`;
}

export function StoppedRunsNotice({ workspaceId, workflowId, stopped, canEdit, reviewHref }: Props) {
  const { run, busy, error } = useApiAction();
  const [started, setStarted] = useState<number | null>(null);
  const runs = `/w/${workspaceId}/runs?workflowId=${encodeURIComponent(workflowId)}`;
  if (stopped.count === 0 && started === null) return null;
  const rerun = () =>
    void run(async () => {
      const answer = await apiFetch<RerunStoppedRunsResult>(`/api/v1/workflows/${workflowId}/runs/rerun-stopped`, { method: "POST" });
      setStarted(answer.started);
    });
  const one = stopped.count === 1;
  // Within one minute (one run, or a burst of alerts), one time says it.
  const arrived = !stopped.firstAt || !stopped.lastAt ? "" : stopped.firstAt.slice(0, 16) === stopped.lastAt.slice(0, 16) ? ` ${one ? "It" : "They"} arrived ${when(stopped.firstAt)}.` : ` They arrived between ${when(stopped.firstAt)} and ${when(stopped.lastAt)}.`;
  return (
    <section aria-labelledby="stopped-runs-title" className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-testid="stopped-runs">
      <h2 id="stopped-runs-title" className="font-medium">Runs stopped by your provider&apos;s push</h2>
      {stopped.count > 0 && (
        <>
          <p data-testid="stopped-runs-summary">
            {plural(stopped.count, "run")} {one ? "was" : "were"} stopped {byPush(stopped.pushes)} and did not finish.{arrived}{" "}
            {one ? "It does" : "They do"} not run again by {one ? "itself" : "themselves"}: <strong>Run the stopped runs again</strong> starts{" "}
            {one ? "it" : "each"} as a new run with the data it received, on the version that is Live now (not the one {one ? "it was" : "they were"} stopped on).
            Runs you already ran again with Run again are not included.
            {stopped.payloadCleared > 0 && ` ${plural(stopped.payloadCleared, "more run")} cannot be run again: retention cleared ${stopped.payloadCleared === 1 ? "its" : "their"} data.`}
          </p>
          <p className="flex flex-wrap gap-x-4">
            <Link href={`${runs}&status=stopped`} className="text-brand-700 hover:underline">See the stopped runs</Link>
            {reviewHref && stopped.blocked && <Link href={reviewHref} className="text-brand-700 hover:underline">Open the review</Link>}
          </p>
          {canEdit && (
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" className={buttonClass("primary")} disabled={busy || stopped.blocked !== null} aria-describedby={stopped.blocked ? "stopped-runs-blocked" : undefined} onClick={rerun}>
                {one ? "Run the stopped run again" : `Run the ${stopped.count} stopped runs again`}
              </button>
              {stopped.blocked && (
                <span id="stopped-runs-blocked" className="text-amber-900" data-testid="stopped-runs-blocked">
                  {stopped.blocked.error === "review_pending" ? "Review this version and go Live first: the runs would otherwise run on steps nobody here has reviewed." : "Go live first: the runs run again only on the version that is Live."}
                </span>
              )}
            </div>
          )}
        </>
      )}
      <ErrorAlert error={error} />
      {/* Present before the action, so a screen reader announces what it started. */}
      <p role="status" className="font-medium text-emerald-800" data-testid="stopped-runs-started">
        {started !== null && (
          <>
            {started === 0 ? "Nothing to start: every stopped run had been run again already." : `Started ${plural(started, "run")} on the version that is Live now.`}{" "}
            <Link href={runs} className="text-brand-700 hover:underline">See them on the Runs page</Link>
          </>
        )}
      </p>
    </section>
  );
}
