// POSTs one alert to a workspace's saved webhook through the SSRF-guarded client (the HTTP step's,
// with the operator's HTTP_ALLOWED_PRIVATE_RANGES) and records the outcome the settings show.
import { db } from "@/lib/db/client";
import type { FailureAlertSetting } from "@/lib/generated/prisma/client.ts";
import { guardedFetch } from "@/lib/net/guarded-fetch";
import { decryptSecret } from "@/lib/secrets/crypto";

export type AlertOutcome = { sent: boolean; status: number | null; error: string | null };

/** `setting`: the workspace's, as its caller just read it (the alert job, Send a test alert). */
export async function postFailureAlert(setting: FailureAlertSetting, body: Record<string, unknown>): Promise<AlertOutcome> {
  const { workspaceId } = setting;
  const url = decryptSecret(setting.urlEncrypted);
  let outcome: AlertOutcome;
  try {
    const res = await guardedFetch({ method: "POST", url, headers: { "content-type": "application/json" }, body: JSON.stringify(body), timeoutMs: 15_000, maxResponseBytes: 64 * 1024 });
    const ok = res.status >= 200 && res.status < 300;
    outcome = { sent: ok, status: res.status, error: ok ? null : `HTTP ${res.status}` };
  } catch (e) {
    // The guard's and the network's messages name the host, never the path with its token.
    outcome = { sent: false, status: null, error: (e as Error).message.replaceAll(url, setting.urlHost).slice(0, 300) };
  }
  await db().failureAlertSetting.updateMany({
    where: { workspaceId, urlEncrypted: setting.urlEncrypted },
    data: { lastOutcome: outcome.sent ? "sent" : "failed", lastStatus: outcome.status, lastError: outcome.error, lastAt: new Date() },
  });
  return outcome;
}
