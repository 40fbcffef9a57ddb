"use client";
// Where the user is signed in (GET /api/v1/auth/sessions, rendered by the page): browser and
// system, address, when signed in and last active. Any other session can be ended on its own
// (DELETE /api/v1/auth/sessions/{id}) or all of them at once (?except=current); ending this
// browser's own session is signing out.
import { Monitor } from "lucide-react";
import { apiFetch } from "@/components/resources/api-fetch";
import { describeUserAgent } from "@/components/account/describe-user-agent";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { focusNeighbourWhenRemoved } from "@/components/ui/focus-after-removal";
import { TimeAgo } from "@/components/ui/time-ago";
import { useApiAction } from "@/components/ui/use-api-action";
import type { BrowserSessionInfo } from "@/lib/auth/list-browser-sessions";

export function AccountSessions({ sessions, onSignOut }: { sessions: BrowserSessionInfo[]; onSignOut: () => void }) {
  const { run, busy, error } = useApiAction();
  const others = sessions.filter((s) => !s.current);
  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      {/* Wraps on a phone: beside the button the description was a column of two or three words a line. */}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold">Sessions</h2>
          <p className="text-sm text-slate-500">Browsers signed in to your account. Sign out any you do not recognise, then change your password.</p>
        </div>
        <ConfirmDialog
          trigger={
            <button type="button" disabled={busy || others.length === 0} className={buttonClass("secondary", "sm", "shrink-0 whitespace-nowrap")}>
              Sign out other sessions
            </button>
          }
          title="Sign out every other session?"
          description="Every other browser and device signed in to your account is signed out. This one stays signed in; API tokens keep working."
          confirmLabel="Sign out other sessions"
          onConfirm={() => void run(() => apiFetch("/api/v1/auth/sessions?except=current", { method: "DELETE" }))}
          destructive
        />
      </div>
      <ErrorAlert error={error} />
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="session-row">
            <Monitor className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                {describeUserAgent(s.userAgent)}
                {s.current && <Badge tone="green">This browser</Badge>}
              </p>
              <p className="text-xs text-slate-500">
                {s.ipAddress ?? "address unknown"} · signed in <TimeAgo at={s.createdAt} />
                {" · "}last active <TimeAgo at={s.lastSeenAt} />
              </p>
            </div>
            {s.current ? (
              <button type="button" className={buttonClass("ghost", "sm")} onClick={onSignOut}>
                Sign out
              </button>
            ) : (
              <button
                type="button"
                disabled={busy}
                aria-label={`Sign out ${describeUserAgent(s.userAgent)} (${s.ipAddress ?? "address unknown"})`}
                className={buttonClass("secondary", "sm")}
                data-row-control="end-session"
                onClick={(e) => {
                  // Once the row has gone, focus goes to the next session's Sign out, else the heading.
                  focusNeighbourWhenRemoved(e.currentTarget);
                  void run(() => apiFetch(`/api/v1/auth/sessions/${encodeURIComponent(s.id)}`, { method: "DELETE" }));
                }}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
