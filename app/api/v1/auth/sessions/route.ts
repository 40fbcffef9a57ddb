// DELETE: sign out everywhere — every browser session of the caller, this one included, stops
// working at once (204). API tokens are not affected; revoke those one by one.
import { apiRoute } from "@/lib/api/handler";
import { revokeSessions } from "@/lib/auth/revoke-sessions";

export const DELETE = apiRoute(async ({ user }) => {
  await revokeSessions({ userId: user.id });
});
