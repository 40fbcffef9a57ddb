// The caller's active API tokens (no secrets).
import { apiRoute } from "@/lib/api/handler";
import { listApiTokens } from "@/lib/auth/list-api-tokens";

export const GET = apiRoute(async ({ user }) => ({
  tokens: await listApiTokens({ userId: user.id, currentTokenId: user.tokenId }),
}));
