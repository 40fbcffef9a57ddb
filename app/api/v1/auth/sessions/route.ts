// GET: the caller's browser sessions (where they are signed in; the caller's own marked current).
// DELETE: sign out everywhere — every browser session of the caller, this one included, stops
// working at once (204); with ?except=current, every session but the caller's own. API tokens
// are not affected; revoke those one by one.
import { apiRoute } from "@/lib/api/handler";
import { badRequest } from "@/lib/api/errors";
import { listBrowserSessions } from "@/lib/auth/list-browser-sessions";
import { revokeSessions } from "@/lib/auth/revoke-sessions";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute(
  async ({ user }) => ({ sessions: await listBrowserSessions({ userId: user.id, currentSessionId: user.sessionId }) }),
  { duringPasswordChange: true },
);

export const DELETE = apiRoute(async ({ req, user }) => {
  const except = new URL(req.url).searchParams.get("except");
  if (except !== null && except !== "current") throw badRequest('except: the only value is "current"');
  if (except === "current" && user.via !== "session") throw badRequest("except=current needs a browser session; this request came with an API token");
  await revokeSessions({ userId: user.id, exceptSessionId: except === "current" ? user.sessionId : undefined, audit: true });
}, { duringPasswordChange: true });

export const { POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["GET", "DELETE"]);
