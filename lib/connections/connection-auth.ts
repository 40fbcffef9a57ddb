// Auth kinds of app connections: the shape of the (encrypted) credentials and of the
// non-secret config for each. Client-safe, so forms and the API validate with the same schemas.
import { framingHeaderProblem } from "@/lib/http-step/framing-header";
import { z } from "@/lib/z";

export const AUTH_KINDS = ["none", "bearer", "basic", "api_key", "oauth2_client_credentials", "oauth2_authorization_code", "openai"] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];
export const authKindSchema = z.enum(AUTH_KINDS);

const secret = z.string().min(1).max(8_192);

/** Where an openai account sends its key (config.keyHeader); the first is the default. */
export const OPENAI_KEY_HEADERS = ["authorization", "api-key"] as const;
export type OpenAiKeyHeader = (typeof OPENAI_KEY_HEADERS)[number];

// Strict: a misspelt key ("tokne") is refused naming it, not dropped while the real one is missing
// or, worse, while a default takes its place. Stored credentials were saved through these, so
// reading them back with the same schemas never meets a key they do not know.
export const credentialSchemas = {
  none: z.strictObject({}),
  bearer: z.strictObject({ token: secret }),
  basic: z.strictObject({ username: z.string().max(1_024), password: z.string().max(8_192) }),
  api_key: z.strictObject({ apiKey: secret }),
  oauth2_client_credentials: z.strictObject({ clientId: z.string().min(1).max(1_024), clientSecret: secret }),
  // The tokens a Connect obtains are not credentials a caller writes: they live in their own
  // encrypted column (lib/connections/oauth/*), so a PATCH of the client secret keeps them.
  oauth2_authorization_code: z.strictObject({ clientId: z.string().min(1).max(1_024), clientSecret: secret }),
  openai: z.strictObject({ apiKey: z.string().max(8_192).default("") }),
} satisfies Record<AuthKind, z.ZodType>;

export type Credentials<K extends AuthKind = AuthKind> = z.infer<(typeof credentialSchemas)[K]>;

// Not Host, Content-Length … (framing-header.ts): an account's key in Host would choose the site
// it goes to. Checked on reading a stored account too, so one saved before fails its steps naming it.
const headerName = z
  .string()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "must be a valid HTTP header name")
  .superRefine((name, ctx) => {
    const problem = framingHeaderProblem(name, "account");
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

// The authorize URL's own parameters: an extra one may not replace them (a redirect_uri or state
// of the caller's choosing would send the code elsewhere or undo the state's binding).
export const RESERVED_AUTHORIZE_PARAMS = ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope"] as const;

/** oauth2_authorization_code: extra authorize parameters (Google's access_type=offline and
 *  prompt=consent for a refresh token, audience, resource…), a small map of name → value. */
const authorizeParams = z
  .record(z.string(), z.string().max(512, "a parameter value is at most 512 characters"))
  .refine((m) => Object.keys(m).length <= 10, "at most 10 parameters")
  .superRefine((m, ctx) => {
    // Checked here, not as the record's key schema, whose refusal would not say what a name may be.
    const bad = Object.keys(m).find((n) => !/^[A-Za-z0-9._~-]{1,64}$/.test(n));
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: `"${bad.slice(0, 64)}": a parameter name is 1 to 64 letters, digits, '.', '_', '~' or '-'` });
    const taken = Object.keys(m).find((n) => (RESERVED_AUTHORIZE_PARAMS as readonly string[]).includes(n.toLowerCase()));
    if (taken) ctx.addIssue({ code: "custom", message: `${taken} is set by the service itself (${RESERVED_AUTHORIZE_PARAMS.join(", ")} cannot be given)` });
  });

const configFields = {
  /** api_key: the header carrying the key (default X-API-Key), and an optional prefix ("Token "). */
  headerName: headerName.optional(),
  prefix: z.string().max(64).optional(),
  /** oauth2_authorization_code: where the person signs in and approves (the provider's authorize endpoint). */
  authorizationUrl: z.string().max(2_048).optional(),
  authorizeParams: authorizeParams.optional(),
  /** oauth2_client_credentials and oauth2_authorization_code. */
  tokenUrl: z.string().max(2_048).optional(),
  scope: z.string().max(2_048).optional(),
  audience: z.string().max(2_048).optional(),
  /** How the client authenticates at the token endpoint (RFC 6749 2.3.1); default "body". */
  clientAuth: z.enum(["body", "basic"]).optional(),
  /** openai: the model used when a step names none. */
  defaultModel: z.string().max(200).optional(),
  /** openai: how the key is sent. Unset or "authorization": `Authorization: Bearer <key>` (OpenAI
   *  and most compatible servers); "api-key": an `api-key: <key>` header, which Azure OpenAI's
   *  deployments endpoint wants instead. Never both: a key goes in exactly one header. */
  keyHeader: z.enum(OPENAI_KEY_HEADERS).optional(),
};

/** Non-secret settings, stored as JSON beside the encrypted credentials. Loose for reading what is
 *  stored (keys of an auth kind the account had before are kept, and unused); what a caller
 *  writes is held to its auth kind's keys (CONFIG_KEYS, parse-connection-fields.ts). */
export const connectionConfigSchema = z.looseObject(configFields);
export type ConnectionConfig = z.infer<typeof connectionConfigSchema>;
export type ConfigKey = keyof typeof configFields;

/** The config keys each auth kind reads; any other key in a write is a 400 naming it. */
export const CONFIG_KEYS: Record<AuthKind, readonly ConfigKey[]> = {
  none: [],
  bearer: [],
  basic: [],
  api_key: ["headerName", "prefix"],
  oauth2_client_credentials: ["tokenUrl", "scope", "audience", "clientAuth"],
  oauth2_authorization_code: ["authorizationUrl", "tokenUrl", "scope", "clientAuth", "authorizeParams"],
  openai: ["defaultModel", "keyHeader"],
};

/** The config keys an auth kind cannot work without (the form's required inputs). An account may
 *  start without one (a Directory account created from its defaults has no token URL yet), but a
 *  PATCH cannot remove one once set: the Edit form could then save nothing. */
export const REQUIRED_CONFIG_KEYS: Partial<Record<AuthKind, readonly ConfigKey[]>> = {
  oauth2_client_credentials: ["tokenUrl"],
  oauth2_authorization_code: ["authorizationUrl", "tokenUrl"],
};

/** Every secret string inside credentials, for redaction of anything a server echoes back. */
export function secretStrings(credentials: Record<string, unknown>): string[] {
  return Object.entries(credentials)
    .filter(([k, v]) => typeof v === "string" && v.length >= 4 && k !== "username" && k !== "clientId")
    .map(([, v]) => v as string);
}
