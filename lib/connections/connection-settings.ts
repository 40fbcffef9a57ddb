// An account's non-secret settings (Connection.config) as people see them: what each is called,
// what a new account of an app starts with, and how a value that is still a template is told
// apart. Client-safe: the Connections page builds its fields and summary from it, and the API
// refuses a template with the same check.
import type { AppCatalogEntry } from "./app-catalog";
import { CONFIG_KEYS, type AuthKind, type ConfigKey, type OpenAiKeyHeader } from "./connection-auth";

export const CONFIG_FIELDS: Record<ConfigKey, { label: string; placeholder: string; optional: boolean }> = {
  authorizationUrl: { label: "Authorization URL", placeholder: "https://login.example.com/oauth2/authorize", optional: false },
  authorizeParams: { label: "Extra sign-in parameters", placeholder: "e.g. access_type=offline&prompt=consent", optional: true },
  tokenUrl: { label: "Token URL", placeholder: "https://login.example.com/oauth2/token", optional: false },
  scope: { label: "Scope", placeholder: "e.g. https://api.example.com/.default", optional: true },
  audience: { label: "Audience", placeholder: "e.g. https://api.example.com", optional: true },
  // Neither it nor its options say "Authentication", "Client ID" or "Client secret": a box is
  // found by its label, and this one's name includes the option shown.
  clientAuth: { label: "Token request", placeholder: "", optional: true },
  headerName: { label: "Header name", placeholder: "X-API-Key", optional: true },
  prefix: { label: "Key prefix", placeholder: 'e.g. "Token " (sent before the key)', optional: true },
  defaultModel: { label: "Default model", placeholder: "e.g. gpt-4o-mini", optional: true },
  keyHeader: { label: "Send the key as", placeholder: "", optional: true },
};

/** Extra authorize parameters as typed and shown: one query string ("access_type=offline&prompt=consent"),
 *  names in order: the database keeps a map's keys in its own order, so an Edit that left them
 *  alone compares equal, and the row reads the same however they were typed. */
export const authorizeParamsText = (value: unknown): string =>
  value && typeof value === "object" ? new URLSearchParams(Object.entries(value as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString() : "";

/** How the client authenticates at the token endpoint (RFC 6749 2.3.1); "body" when unset. */
export const CLIENT_AUTH_LABELS = { body: "Credentials in the form body", basic: "Credentials as HTTP Basic auth" } as const;

/** How an AI account sends its key (connection-headers.ts); "authorization" when unset. */
export const KEY_HEADER_LABELS: Record<OpenAiKeyHeader, string> = {
  authorization: "Authorization: Bearer (OpenAI, most compatible servers)",
  "api-key": "api-key header (Azure OpenAI)",
};

/** The header an API key goes in when the account names none (connection-headers.ts). */
export const DEFAULT_API_KEY_HEADER = "X-API-Key";

/** The first `<…>` placeholder in a value ("<tenant-id>"), or null: a template, not a value. */
export function findPlaceholder(value: unknown): string | null {
  return typeof value === "string" ? (/<[^<>\s]+>/.exec(value)?.[0] ?? null) : null;
}

/** The settings an account of `app` on `authKind` starts with: the app's defaults that kind reads. */
export function startingConfig(app: AppCatalogEntry, authKind: AuthKind): Record<string, string> {
  const takes: readonly string[] = CONFIG_KEYS[authKind];
  return Object.fromEntries(Object.entries(app.defaultConfig).filter(([k]) => takes.includes(k)));
}
