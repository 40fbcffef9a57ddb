"use client";
// A workspace's failure alerts: the webhook a failed live run is reported to (Slack or Teams
// incoming webhook, or any HTTPS endpoint), on/off, "Send a test alert", and how the last alert
// went. The saved URL is never shown again (its path is its token): only its host and a masked
// path; typing a new one replaces it. Viewers see the state read-only.
import { useState } from "react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useApiAction } from "@/components/ui/use-api-action";
import type { FailureAlertView } from "@/lib/failure-alerts/failure-alert-view";

type Props = { workspaceId: string; view: FailureAlertView; canChange: boolean };
type TestAnswer = { sent: boolean; status: number | null; error: string | null };

function describeLast(last: FailureAlertView["last"]): string {
  if (!last) return "No alert sent yet.";
  const when = new Date(last.at).toLocaleString();
  return last.outcome === "sent"
    ? `Last alert: sent (HTTP ${last.status}) at ${when}.`
    : `Last alert: failed${last.status ? ` (HTTP ${last.status})` : ""}${last.error ? `: ${last.error}` : ""} at ${when}.`;
}

export function FailureAlertSettings({ workspaceId, view: initial, canChange }: Props) {
  const [view, setView] = useState(initial);
  const [url, setUrl] = useState("");
  const [said, setSaid] = useState("");
  const { run, busy, error } = useApiAction();
  const path = `/api/v1/workspaces/${workspaceId}/failure-alerts`;

  const put = (json: { url?: string | null; enabled?: boolean }, message: string) =>
    run(async () => {
      setSaid("");
      setView(await apiFetch<FailureAlertView>(path, { method: "PUT", json }));
      setUrl("");
      setSaid(message);
    });

  const sendTest = () =>
    run(async () => {
      setSaid("");
      const answer = await apiFetch<TestAnswer>(`${path}/test`, { method: "POST" });
      setView(await apiFetch<FailureAlertView>(path));
      setSaid(answer.sent ? `Test alert sent (HTTP ${answer.status}).` : `Test alert failed${answer.status ? ` (HTTP ${answer.status})` : ""}: ${answer.error ?? "no answer"}.`);
    });

  const saved = view.configured ? `${view.host}${view.maskedPath}` : null;
  return (
    <section aria-labelledby="failure-alerts-heading" className="mt-10 space-y-3 border-t border-slate-200 pt-6">
      <h2 id="failure-alerts-heading" className="text-lg font-semibold">Failure alerts</h2>
      <p className="text-sm text-slate-600">
        When a Live workflow&apos;s run fails (not a test), one message goes to this webhook: a Slack or Teams incoming webhook, or any
        HTTPS endpoint. At most one per workflow every 10 minutes; the next one counts the failures in between.
      </p>
      <p className="text-sm" data-testid="failure-alert-url">
        {saved ? <>Webhook: <code>{saved}</code> · {view.enabled ? "on" : "off"}</> : "No webhook set: failures are not reported anywhere."}
      </p>
      <p className="text-sm" role="status" data-testid="failure-alert-last">{view.configured ? describeLast(view.last) : ""}</p>
      {canChange ? (
        <form
          className="space-y-3"
          aria-label="Failure alerts"
          onSubmit={(e) => {
            e.preventDefault();
            void put({ url: url.trim(), enabled: true }, "Webhook saved.");
          }}
        >
          <ErrorAlert error={error} />
          <label className="block text-sm font-medium" htmlFor="failure-alert-url-input">
            {saved ? "New webhook URL (replaces the saved one)" : "Webhook URL"}
          </label>
          <input id="failure-alert-url-input" type="url" className={`${inputClass} w-full`} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.slack.com/services/…" autoComplete="off" />
          <div className="flex flex-wrap items-center gap-3">
            <BusyButton type="submit" busy={busy} disabled={!url.trim()} className={buttonClass("primary")}>Save webhook</BusyButton>
            {view.configured && (
              <>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={view.enabled} disabled={busy} onChange={(e) => void put({ enabled: e.target.checked }, e.target.checked ? "Failure alerts are on." : "Failure alerts are off.")} />
                  Send failure alerts
                </label>
                <BusyButton busy={busy} className={buttonClass("secondary")} onClick={() => void sendTest()}>Send a test alert</BusyButton>
                <BusyButton busy={busy} className={buttonClass("ghost")} onClick={() => void put({ url: null }, "Webhook removed.")}>Remove webhook</BusyButton>
              </>
            )}
          </div>
          <p role="status" className="text-sm text-emerald-700">{said}</p>
        </form>
      ) : (
        <p className="text-sm text-slate-600">Only an editor or owner of this workspace can set its failure alerts.</p>
      )}
    </section>
  );
}
