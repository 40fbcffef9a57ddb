// Reads and sets a workspace's failure alerts (viewer to read; editor to change). The URL is
// encrypted at rest like a secret variable and never read back out through the API.
import { z } from "@/lib/z";
import { badRequest } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { encryptSecret } from "@/lib/secrets/crypto";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { maskUrlPath, toFailureAlertView, type FailureAlertView } from "./failure-alert-view";

/** url: a new webhook (null removes the setting; left out keeps the saved one). */
export const failureAlertInputSchema = z.strictObject({
  url: z.string().trim().max(2000).nullable().optional(),
  enabled: z.boolean().optional(),
});
export type FailureAlertInput = z.infer<typeof failureAlertInputSchema>;

export async function getFailureAlert(opts: { workspaceId: string; userId: string }): Promise<FailureAlertView> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer");
  return toFailureAlertView(await db().failureAlertSetting.findUnique({ where: { workspaceId: opts.workspaceId } }));
}

function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest("url: not a valid URL");
  }
  // The address itself is checked by the SSRF guard at each send, as for an HTTP Request step.
  if (url.protocol !== "https:" && url.protocol !== "http:") throw badRequest("url: only https (or http) URLs");
  return url;
}

export async function updateFailureAlert(opts: { workspaceId: string; userId: string; input: FailureAlertInput }): Promise<FailureAlertView> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "editor");
  const { url, enabled } = opts.input;
  const where = { workspaceId: opts.workspaceId };
  if (url === null) {
    await db().failureAlertSetting.deleteMany({ where });
    return toFailureAlertView(null);
  }
  if (url === undefined) {
    const existing = await db().failureAlertSetting.findUnique({ where });
    if (!existing) throw badRequest("url: set a webhook URL first");
    const row = enabled === undefined ? existing : await db().failureAlertSetting.update({ where, data: { enabled, updatedAt: new Date() } });
    return toFailureAlertView(row);
  }
  const parsed = parseWebhookUrl(url);
  // A new URL starts with no outcome: the last one was another endpoint's.
  const data = {
    urlEncrypted: encryptSecret(parsed.href),
    urlHost: parsed.host,
    urlMaskedPath: maskUrlPath(parsed),
    enabled: enabled ?? true,
    lastOutcome: null,
    lastStatus: null,
    lastError: null,
    lastAt: null,
    updatedAt: new Date(),
  };
  const row = await db().failureAlertSetting.upsert({ where, create: { ...where, ...data }, update: data });
  return toFailureAlertView(row);
}
