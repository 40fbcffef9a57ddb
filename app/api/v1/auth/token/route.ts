// POST: e-mail + password (and an optional name) -> a new API token (public, throttled), named
// so the token list tells it apart: the name sent, else when it was signed in for — "api (signed
// in 2026-11-25 14:03 UTC)" — either made unique with " (2)"… (issue-api-token.ts). DELETE:
// revoke the bearer token this request was made with.
import { z } from "@/lib/z";
import { apiRoute, errorResponse, readJson } from "@/lib/api/handler";
import { badRequest, passwordChangeRequired } from "@/lib/api/errors";
import { clientAddress } from "@/lib/auth/client-address";
import { API_TOKEN_NAME_MAX, issueApiToken } from "@/lib/auth/issue-api-token";
import { revokeApiToken } from "@/lib/auth/revoke-api-token";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

const IssueBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1000),
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX).optional(),
}).strict(); // a field it does not take is a 400 naming it, like every write body

/** "api (signed in 2026-11-25 14:03 UTC)": every earlier sign-in token was just "api". */
const signInTokenName = (at: Date) => `api (signed in ${at.toISOString().slice(0, 16).replace("T", " ")} UTC)`;

export async function POST(req: Request): Promise<Response> {
  try {
    const body = await readJson(req, IssueBody);
    const user = await verifyCredentials({ email: body.email, password: body.password, clientAddress: clientAddress(req.headers) });
    if (user.mustChangePassword) throw passwordChangeRequired();
    const issued = await issueApiToken({ userId: user.id, name: body.name ?? signInTokenName(new Date()), uniqueName: "number" });
    return Response.json(
      { token: issued.token, id: issued.id, name: issued.name },
      { status: 201, headers: { "cache-control": "no-store" } },
    );
  } catch (e) {
    return errorResponse(e);
  }
}

export const DELETE = apiRoute(async ({ user }) => {
  if (!user.tokenId) throw badRequest("send the API token to revoke as Authorization: Bearer <token>");
  await revokeApiToken({ userId: user.id, tokenId: user.tokenId });
});

export const { GET, PUT, PATCH, OPTIONS } = methodNotAllowed(["POST", "DELETE"]);
