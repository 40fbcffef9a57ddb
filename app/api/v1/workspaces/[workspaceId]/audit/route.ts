// The audit log: who pushed, reviewed and went live, changed members, resources and settings, and
// when (a provider sees its clients' too). ?limit=&before=: `before` is the answer's `nextBefore`
// for the next older page (null on the last one); ?what=&actor=&workflowId= narrow it.
import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { AuditFilterQuery, listAuditEvents } from "@/lib/audit/list-audit-events";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { parseDeliveriesCursor } from "@/lib/workflows/deliveries-cursor";

export const GET = apiRoute<{ workspaceId: string }>(({ req, params, user }) =>
  listAuditEvents({
    workspaceId: params.workspaceId,
    userId: user.id,
    limit: parseLimit(req.url, { fallback: 100, max: 500 }),
    before: parseDeliveriesCursor(new URL(req.url).searchParams.get("before")),
    filter: AuditFilterQuery.parse(Object.fromEntries(new URL(req.url).searchParams)),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
