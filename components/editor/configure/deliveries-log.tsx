"use client";
// What reached the workflow's URLs (current or rotated) and what became of each request.
import { useDeliveriesQuery } from "@/components/editor/api";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { relativeTime } from "@/components/ui/relative-time";

const OUTCOMES: Record<string, { label: string; tone: BadgeTone }> = {
  accepted: { label: "Accepted", tone: "green" },
  not_published: { label: "Rejected: Draft", tone: "amber" },
  invalid_signature: { label: "Rejected: signature", tone: "amber" },
  too_large: { label: "Rejected: too large", tone: "amber" },
  invalid_json: { label: "Rejected: invalid JSON", tone: "amber" },
  rotated_url: { label: "Old URL: no run", tone: "slate" },
};

const size = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

export function DeliveriesLog({ workflowId }: { workflowId: string }) {
  const q = useDeliveriesQuery(workflowId, true);
  const rows = q.data?.deliveries ?? [];
  return (
    <section aria-labelledby="wh-deliveries" className="space-y-2">
      <h3 id="wh-deliveries" className="text-sm font-semibold text-slate-900">
        Deliveries
      </h3>
      {q.isPending ? (
        <p className="text-sm text-slate-500">Loading deliveries…</p>
      ) : q.isError ? (
        <p role="alert" className="text-sm text-red-700">Could not load deliveries: {q.error.message}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">No deliveries yet. Once Live, each request to the URL is listed here with what became of it.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Deliveries log" data-testid="deliveries-log">
          {rows.map((d) => {
            const o = OUTCOMES[d.outcome] ?? { label: d.outcome, tone: "slate" as const };
            return (
              <li key={d.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-outcome={d.outcome}>
                <Badge tone={o.tone}>{o.label}</Badge>
                <span className="text-slate-500">{size(d.size)}</span>
                <time className="ml-auto text-xs text-slate-500" dateTime={d.receivedAt} title={new Date(d.receivedAt).toUTCString()}>
                  {relativeTime(new Date(d.receivedAt))}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
