// Revoke one of the caller's API tokens by id.
import { apiRoute } from "@/lib/api/handler";
import { revokeApiToken } from "@/lib/auth/revoke-api-token";

export const DELETE = apiRoute<{ tokenId: string }>(async ({ user, params }) => {
  await revokeApiToken({ userId: user.id, tokenId: params.tokenId });
});
