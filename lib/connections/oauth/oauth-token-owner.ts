// What an authorization-code account's tokens were issued to: the OAuth client (its id), the
// provider (its authorization and token URLs) and the scope the person approved. When one of
// these changes, the stored tokens belong to another client, provider or grant: steps must not
// keep sending them, so the edit clears them (update-connection.ts) and a Connect begun under the
// old settings is not stored (complete-oauth-connect.ts).
// Left out on purpose: the client secret (a rotated secret is the same client), the client auth
// method (how the client proves who it is, not who it is), the extra authorize parameters
// (prompt, access_type: how a sign-in goes; the grant's client and scope are unchanged), the base
// URL (where steps send the token; a new origin already asks for the credentials again,
// credential-destination-changes.ts) and the name. Pure.
type Owner = { clientId?: unknown; config: Record<string, unknown> };

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export function oauthTokenOwner({ clientId, config }: Owner): string {
  return JSON.stringify([text(clientId), text(config.authorizationUrl), text(config.tokenUrl), text(config.scope)]);
}
