// Revoke one of the caller's API tokens by id.
import { apiRoute } from "@/lib/api/handler";
import { revokeApiToken } from "@/lib/auth/revoke-api-token";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const DELETE = apiRoute<{ tokenId: string }>(async ({ user, params }) => {
  await revokeApiToken({ userId: user.id, tokenId: params.tokenId });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["DELETE"]);
