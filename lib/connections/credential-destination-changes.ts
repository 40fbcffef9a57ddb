// Where an account's credentials go, and which edit would send the stored ones somewhere new.
// Credentials are write-only: whoever may edit an account cannot read them, so an edit that
// re-points them (a base URL on another origin, no base URL at all, a token URL on another
// origin) would hand them to whatever host the editor names. Such an edit needs the credentials
// entered again, as a credential manager binds a secret to its destination. A change of path on
// the same origin is harmless: the same system receives them.
// Pure and client-safe: update-connection.ts refuses with it, the Edit form asks with it.
import type { AuthKind } from "./connection-auth";

export type DestinationField = "baseUrl" | "config.tokenUrl";

export type DestinationChange = {
  field: DestinationField;
  /** Origins (scheme://host:port), never a path or user info. null: none — for a base URL the
   *  credentials go to any host a step's URL names, for a token URL no token is requested. */
  from: string | null;
  to: string | null;
  /** Whether the stored credentials may go to `to` only once they are entered again. */
  needsCredentials: boolean;
};

export type CredentialDestination = { baseUrl: string | null | undefined; config: Record<string, unknown> | null | undefined };

/** The origin of an http(s) URL, or null for none, another scheme or one that does not parse. */
export function urlOrigin(url: unknown): string | null {
  if (typeof url !== "string" || url.trim() === "") return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

export type CredentialDestinationChangesOptions = { authKind: AuthKind; before: CredentialDestination; after: CredentialDestination };

/** Every change of origin an edit makes to where the account's credentials go. */
export function credentialDestinationChanges({ authKind, before, after }: CredentialDestinationChangesOptions): DestinationChange[] {
  const out: DestinationChange[] = [];
  const base = [urlOrigin(before.baseUrl), urlOrigin(after.baseUrl)] as const;
  // Setting a base URL where there was none narrows where the credentials go (http.ts sends an
  // account without one wherever the step's URL says); clearing it or moving it widens.
  if (base[0] !== base[1]) out.push({ field: "baseUrl", from: base[0], to: base[1], needsCredentials: authKind !== "none" && base[0] !== null });
  if (authKind === "oauth2_client_credentials" || authKind === "oauth2_authorization_code") {
    // The client secret goes to the token URL. Where there was none (or one that cannot be
    // requested), it has gone nowhere yet: the first address is a new one too.
    const token = [urlOrigin(before.config?.tokenUrl), urlOrigin(after.config?.tokenUrl)] as const;
    if (token[0] !== token[1]) out.push({ field: "config.tokenUrl", from: token[0], to: token[1], needsCredentials: token[1] !== null });
  }
  return out;
}

/** The change as a clause ("the credentials would go to http://b instead of https://a"). */
export function describeDestinationChange(c: DestinationChange): string {
  if (c.field === "baseUrl") {
    if (c.to === null) return `without a base URL the credentials would go to any host a step names, not only to ${c.from ?? "their own"}`;
    return c.from === null ? `the credentials would go only to ${c.to}` : `the credentials would go to ${c.to} instead of ${c.from}`;
  }
  if (c.to === null) return `no token would be requested (the token URL was ${c.from ?? "not set"})`;
  return c.from === null ? `the client secret would be sent to ${c.to}, where it has not gone before` : `the client secret would be sent to ${c.to} instead of ${c.from}`;
}
