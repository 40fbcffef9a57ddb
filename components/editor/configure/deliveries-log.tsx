"use client";
// What reached the workflow's URLs (current or rotated) and what became of each request: outcome,
// size, content type, why a signature was refused (no such header, a malformed value, no match:
// the sender's 401 says nothing) and, for an accepted one, a link to its run (the trigger's
// Executions with that run open, as the Runs page links). 50 at a time, newest first; "Show older" pages back.
// While the log is read (focus in it, scrolled into it, older pages loaded) it holds still: new
// deliveries are counted in a bar above, not pushed in, so the row being read stays where it is
// and on the list (use-live-window.ts).
import { useRef } from "react";
import Link from "next/link";
import { useDeliveryWindow } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { GapRow, NewEntriesBar } from "@/components/editor/panels/live-list-parts";
import { useReading } from "@/components/editor/use-live-window";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { relativeTime } from "@/components/ui/relative-time";
import type { Delivery } from "@/lib/editor/api-types";
import { formatBytes } from "@/lib/format-bytes";
import { formatExactTime } from "@/lib/format-exact-time";

const OUTCOMES: Record<string, { label: string; tone: BadgeTone }> = {
  accepted: { label: "Accepted", tone: "green" },
  not_published: { label: "Rejected: Draft", tone: "amber" },
  invalid_signature: { label: "Rejected: signature", tone: "amber" },
  too_large: { label: "Rejected: too large", tone: "amber" },
  invalid_json: { label: "Rejected: invalid JSON", tone: "amber" },
  bad_encoding: { label: "Rejected: compression", tone: "amber" },
  rotated_url: { label: "Old URL: no run", tone: "slate" },
};

/** A refused delivery in words: the status the sender's tool shows, why no run started and what
 *  to do (the badge alone, "Rejected: Draft", did not match the "409" a technician sees there). */
const EXPLAINED: Record<string, string> = {
  not_published: "The sender got 409: the workflow was in Draft when this arrived, so no run started. Deliveries are accepted only while it is Live.",
  invalid_signature: "The sender got 401: the request was not signed with this trigger's Shared secret, so no run started. The sender must sign with the same secret, in the header named under Signature header.",
  too_large: "The sender got 413: the body is over the 1 MB limit, so no run started. Have the sender post a link instead, and fetch the data in a later step.",
  invalid_json: "The sender got 400: the body was sent as JSON but is not valid JSON, so no run started.",
  bad_encoding:
    "The sender got 415 or 400: the body's Content-Encoding is not one the intake decompresses (gzip, deflate, br), or the body is not valid data of that kind, so no run started.",
  rotated_url: "The sender got 202, but this URL was replaced by Generate a new URL, so no run started. Give the sender the current URL.",
};

export function DeliveriesLog({ workflowId }: { workflowId: string }) {
  const { workspaceId, steps } = useEditor();
  const { reading, props: readingProps, toTop } = useReading();
  const q = useDeliveryWindow(workflowId, reading);
  const listRef = useRef<HTMLUListElement>(null);
  const rows = q.items;
  const lastNext = q.segments.at(-1)?.next ?? null;
  const showNew = () => {
    q.reveal();
    listRef.current?.focus({ preventScroll: true });
    toTop();
  };
  // A delivery's run started at the trigger: its Executions tab shows what arrived.
  const runHref = (runId: string) =>
    `/w/${workspaceId}/workflows/${workflowId}?step=${encodeURIComponent(steps[0]?.id ?? "")}&run=${encodeURIComponent(runId)}`;
  return (
    <section aria-labelledby="wh-deliveries" className="space-y-2" {...readingProps}>
      <h3 id="wh-deliveries" className="text-sm font-semibold text-slate-900">
        Deliveries
      </h3>
      <NewEntriesBar fresh={q.fresh} one="delivery" many="deliveries" onShow={showNew} />
      {q.isPending ? (
        <p className="text-sm text-slate-500">Loading deliveries…</p>
      ) : q.error ? (
        <p role="alert" className="text-sm text-red-700 wrap-anywhere">Could not load deliveries: {q.error.message}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">No deliveries yet. Once Live, each request to the URL is listed here with what became of it.</p>
      ) : (
        <>
          <ul ref={listRef} tabIndex={-1} className="divide-y divide-slate-100 rounded-lg border border-slate-200 focus:outline-none" aria-label="Deliveries log" data-testid="deliveries-log">
            {q.segments.flatMap((seg, i) => [
              ...seg.items.map((d) => <DeliveryRow key={d.id} d={d} runHref={runHref} />),
              // Deliveries that came between two loaded parts of the log (more than a page arrived).
              ...(i < q.segments.length - 1 && seg.next !== null
                ? [<GapRow key={`gap:${seg.next}`} many="deliveries" loading={q.loadingAfter === seg.next} onLoad={() => q.loadAfter(seg.next!)} />]
                : []),
            ])}
          </ul>
          {lastNext !== null && (
            <button type="button" className={buttonClass("secondary", "sm", "w-full")} disabled={q.loadingAfter === lastNext} onClick={() => q.loadAfter(lastNext)}>
              {q.loadingAfter === lastNext ? "Loading older deliveries…" : "Show older deliveries"}
            </button>
          )}
          {q.loadError && <p role="alert" className="text-sm text-red-700 wrap-anywhere">Could not load more deliveries: {q.loadError.message}</p>}
        </>
      )}
    </section>
  );
}

function DeliveryRow({ d, runHref }: { d: Delivery; runHref: (runId: string) => string }) {
  const o = OUTCOMES[d.outcome] ?? { label: d.outcome, tone: "slate" as const };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm" data-outcome={d.outcome} data-testid="delivery">
      <Badge tone={o.tone}>{o.label}</Badge>
      {d.reason && (
        <span className="min-w-0 text-xs text-amber-800 wrap-anywhere" data-testid="delivery-reason">
          {d.reason}
        </span>
      )}
      <span className="text-slate-500" data-testid="delivery-size">{formatBytes(d.size)}</span>
      <span className="min-w-0 max-w-[12rem] truncate font-mono text-xs text-slate-500" title={d.contentType ?? undefined} data-testid="delivery-content-type">
        {d.contentType ?? "no content type"}
      </span>
      {d.runId && (
        <Link href={runHref(d.runId)} className="text-xs font-medium text-brand-700 hover:underline" title={`Open run ${d.runId} under the trigger's Executions`}>
          View run
          {/* One link per delivery: its time tells a screen reader's list of links apart. */}
          <span className="sr-only"> of the delivery at {formatExactTime(d.receivedAt)}</span>
        </Link>
      )}
      {EXPLAINED[d.outcome] && (
        <p className="order-last basis-full text-xs text-slate-600" data-testid="delivery-explained">
          {EXPLAINED[d.outcome]}
        </p>
      )}
      <time className="ml-auto text-xs text-slate-500" dateTime={d.receivedAt} title={new Date(d.receivedAt).toUTCString()}>
        {relativeTime(new Date(d.receivedAt))}
      </time>
    </li>
  );
}
