// Starts Connect for an oauth2_authorization_code account (editors): answers the provider's
// authorize URL, which the browser then opens. A POST: it stores a single-use state.
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { oauthRedirectUri } from "@/lib/connections/oauth/oauth-redirect-uri";
import { startOAuthConnect } from "@/lib/connections/oauth/start-oauth-connect";

type P = { connectionId: string };

export const POST = apiRoute<P>(async ({ params, user }) => startOAuthConnect({ connectionId: params.connectionId, userId: user.id, redirectUri: oauthRedirectUri() }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
