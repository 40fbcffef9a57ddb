// DELETE: end one of the caller's browser sessions (204); it is refused from its next request.
import { apiRoute } from "@/lib/api/handler";
import { endBrowserSession } from "@/lib/auth/end-browser-session";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const DELETE = apiRoute<{ sessionId: string }>(
  async ({ user, params }) => {
    await endBrowserSession({ userId: user.id, sessionId: params.sessionId });
  },
  { duringPasswordChange: true },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["DELETE"]);
