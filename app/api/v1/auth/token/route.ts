// POST: e-mail + password -> a new API token (public, throttled). DELETE: revoke the bearer
// token this request was made with.
import { z } from "@/lib/z";
import { apiRoute, errorResponse, readJson } from "@/lib/api/handler";
import { badRequest, passwordChangeRequired } from "@/lib/api/errors";
import { clientAddress } from "@/lib/auth/client-address";
import { issueApiToken } from "@/lib/auth/issue-api-token";
import { revokeApiToken } from "@/lib/auth/revoke-api-token";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

const IssueBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1000),
  name: z.string().trim().min(1).max(100).optional(),
}).strict(); // a field it does not take is a 400 naming it, like every write body

export async function POST(req: Request): Promise<Response> {
  try {
    const body = await readJson(req, IssueBody);
    const user = await verifyCredentials({ email: body.email, password: body.password, clientAddress: clientAddress(req.headers) });
    if (user.mustChangePassword) throw passwordChangeRequired();
    const issued = await issueApiToken({ userId: user.id, name: body.name });
    return Response.json(
      { token: issued.token, id: issued.id, name: body.name ?? "api" },
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
