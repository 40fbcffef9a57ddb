// POST {"currentPassword","newPassword"}: change the caller's password (204). Every other browser
// session of the user is signed out, this one stays signed in; API tokens keep working.
import { apiRoute, readJson } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { ChangePasswordBody, changePassword } from "@/lib/auth/change-password";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const POST = apiRoute(
  async ({ req, user }) => {
    const body = await readJson(req, ChangePasswordBody);
    await changePassword({ userId: user.id, currentPassword: body.currentPassword, newPassword: body.newPassword, clientAddress: clientAddress(req.headers), keepSessionId: user.sessionId });
  },
  { duringPasswordChange: true },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
