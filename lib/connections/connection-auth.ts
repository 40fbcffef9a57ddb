// Auth kinds of app connections: the shape of the (encrypted) credentials and of the
// non-secret config for each. Client-safe, so forms and the API validate with the same schemas.
import { z } from "zod";

export const AUTH_KINDS = ["none", "bearer", "basic", "api_key", "oauth2_client_credentials", "openai"] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];
export const authKindSchema = z.enum(AUTH_KINDS);

const secret = z.string().min(1).max(8_192);

export const credentialSchemas = {
  none: z.object({}).strip(),
  bearer: z.object({ token: secret }),
  basic: z.object({ username: z.string().max(1_024), password: z.string().max(8_192) }),
  api_key: z.object({ apiKey: secret }),
  oauth2_client_credentials: z.object({ clientId: z.string().min(1).max(1_024), clientSecret: secret }),
  openai: z.object({ apiKey: z.string().max(8_192).default("") }),
} satisfies Record<AuthKind, z.ZodType>;

export type Credentials<K extends AuthKind = AuthKind> = z.infer<(typeof credentialSchemas)[K]>;

const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "must be a valid HTTP header name");

/** Non-secret settings, stored as JSON beside the encrypted credentials. */
export const connectionConfigSchema = z
  .looseObject({
    /** api_key: the header carrying the key (default X-API-Key), and an optional prefix ("Token "). */
    headerName: headerName.optional(),
    prefix: z.string().max(64).optional(),
    /** oauth2_client_credentials. */
    tokenUrl: z.string().max(2_048).optional(),
    scope: z.string().max(2_048).optional(),
    audience: z.string().max(2_048).optional(),
    /** How the client authenticates at the token endpoint (RFC 6749 2.3.1); default "body". */
    clientAuth: z.enum(["body", "basic"]).optional(),
    /** openai: the model used when a step names none. */
    defaultModel: z.string().max(200).optional(),
  })
export type ConnectionConfig = z.infer<typeof connectionConfigSchema>;

/** Every secret string inside credentials, for redaction of anything a server echoes back. */
export function secretStrings(credentials: Record<string, unknown>): string[] {
  return Object.entries(credentials)
    .filter(([k, v]) => typeof v === "string" && v.length >= 4 && k !== "username" && k !== "clientId")
    .map(([, v]) => v as string);
}
