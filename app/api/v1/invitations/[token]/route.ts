// GET: what an invitation link offers the signed-in caller → {"invitation":{workspace, role,
// invitedBy, expiresAt, alreadyMember}}; 404 unknown or revoked, 410 used or expired.
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { readInvitation } from "@/lib/invitations/read-invitation";

export const GET = apiRoute<{ token: string }>(({ params, user }) => readInvitation({ token: params.token, userId: user.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
