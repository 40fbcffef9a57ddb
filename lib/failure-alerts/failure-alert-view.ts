// What the API and the settings page show of a workspace's failure alerts: never the URL (a Slack
// or Teams incoming webhook's path is its token), only its host and a masked path.
import type { FailureAlertSetting } from "@/lib/generated/prisma/client.ts";

export type FailureAlertView = {
  configured: boolean;
  enabled: boolean;
  host: string | null;
  maskedPath: string | null;
  last: { outcome: "sent" | "failed"; status: number | null; error: string | null; at: string } | null;
};

/** "/services/T000/B000/XXXX" → "/services/••••": the first segment says which service, the rest is the token. */
export function maskUrlPath(url: URL): string {
  const first = url.pathname.split("/").filter(Boolean)[0];
  return first ? `/${first}/••••` : "/••••";
}

export function toFailureAlertView(row: FailureAlertSetting | null): FailureAlertView {
  if (!row) return { configured: false, enabled: false, host: null, maskedPath: null, last: null };
  const last =
    row.lastOutcome && row.lastAt
      ? { outcome: row.lastOutcome as "sent" | "failed", status: row.lastStatus, error: row.lastError, at: row.lastAt.toISOString() }
      : null;
  return { configured: true, enabled: row.enabled, host: row.urlHost, maskedPath: row.urlMaskedPath, last };
}
