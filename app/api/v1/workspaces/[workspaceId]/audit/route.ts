// The audit log: who pushed, reviewed and went live, and when (a provider sees its clients' too).
import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => ({
  events: await listAuditEvents({ workspaceId: params.workspaceId, userId: user.id, limit: parseLimit(req.url, { fallback: 100, max: 500 }) }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
