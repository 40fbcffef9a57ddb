// GET: the caller's active API tokens (no secrets). POST {"name"}: a new token for the signed-in
// browser user (201, the secret shown this once; 409 token_name_taken for a name one of their
// active tokens has); an API token cannot mint more tokens.
import { z } from "@/lib/z";
import { apiRoute, readJson } from "@/lib/api/handler";
import { forbidden } from "@/lib/api/errors";
import { issueApiToken } from "@/lib/auth/issue-api-token";
import { listApiTokens } from "@/lib/auth/list-api-tokens";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

// Strict: a token has no scopes or expiry to ask for, and {"scopes":["read"]} silently made a
// full-access token that never expires.
const CreateBody = z.object({ name: z.string().trim().min(1, "give the token a name").max(100) }).strict();

export const GET = apiRoute(async ({ user }) => ({
  tokens: await listApiTokens({ userId: user.id, currentTokenId: user.tokenId }),
}));

export const POST = apiRoute(async ({ req, user }) => {
  if (user.via !== "session") throw forbidden("API tokens are created from a signed-in browser, or with e-mail and password at POST /api/v1/auth/token");
  const { name } = await readJson(req, CreateBody);
  const { id, createdAt, token } = await issueApiToken({ userId: user.id, name, uniqueName: "refuse" });
  return Response.json({ id, name, createdAt: createdAt.toISOString(), token }, { status: 201, headers: { "cache-control": "no-store" } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
