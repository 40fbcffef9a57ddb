// Checks the config and credentials a caller writes against the account's auth kind: a key the
// kind does not read (`headerNmae`, `tokne`, a token URL on an API-key account) is a problem
// naming it, because dropping it silently sends the key under the default header instead; so is
// a setting still holding a `<…>` placeholder.
// Pure and client-safe; create and update turn a problem into their 400.
import { misspeltFieldText } from "@/lib/api/misspelt-field";
import { zodIssueField } from "@/lib/api/zod-issue-field";
import { CONFIG_KEYS, connectionConfigSchema, credentialSchemas, type AuthKind, type ConnectionConfig } from "./connection-auth";
import { findPlaceholder } from "./connection-settings";

export type ConnectionFields = { config?: ConnectionConfig; credentials?: Record<string, unknown> };
export type ConnectionFieldProblem = { field: string; message: string };

export type ParseConnectionFieldsOptions = {
  authKind: AuthKind;
  config?: Record<string, unknown>;
  credentials?: Record<string, unknown>;
  /** The account's stored config (an update): a key it holds with the same value came from a
   *  read sent back, so it is accepted and dropped, not refused. */
  storedConfig?: unknown;
};

export function parseConnectionFields(opts: ParseConnectionFieldsOptions): { ok: true; fields: ConnectionFields } | ({ ok: false } & ConnectionFieldProblem) {
  const { authKind } = opts;
  const fields: ConnectionFields = {};
  if (opts.config !== undefined) {
    const r = connectionConfigSchema.safeParse(opts.config);
    if (!r.success) return { ok: false, field: `config.${zodIssueField(r.error.issues[0])}`, message: r.error.issues[0].message };
    const takes: readonly string[] = CONFIG_KEYS[authKind];
    const stored = (opts.storedConfig && typeof opts.storedConfig === "object" ? opts.storedConfig : {}) as Record<string, unknown>;
    const config: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(r.data)) {
      if (takes.includes(key)) {
        // A template (Entra's token URL with "<tenant-id>" in it) stored as a value cannot get a
        // token; refused unless it is the stored value sent back as read.
        const placeholder = findPlaceholder(value);
        if (placeholder && JSON.stringify(stored[key]) !== JSON.stringify(value)) {
          return { ok: false, field: `config.${key}`, message: `still holds the placeholder ${placeholder}: replace it with your own value` };
        }
        config[key] = value;
      } else if (!(key in stored) || JSON.stringify(stored[key]) !== JSON.stringify(value)) {
        const known = Object.values(CONFIG_KEYS).some((keys) => (keys as readonly string[]).includes(key));
        const what = known ? `not a setting of ${authKind} auth` : "unknown field (misspelt?)";
        return { ok: false, field: `config.${key}`, message: `${what}; ${authKind} auth takes ${takes.length ? takes.join(", ") : "no config"}` };
      }
    }
    fields.config = config;
  }
  if (opts.credentials !== undefined) {
    const r = credentialSchemas[authKind].safeParse(opts.credentials);
    // zod's messages name the field and the types, never the submitted value.
    if (!r.success) {
      const issue = r.error.issues[0];
      const takes = Object.keys(credentialSchemas[authKind].shape);
      const misspelt = misspeltFieldText(issue, opts.credentials, ["credentials"]);
      const message = issue.code === "unrecognized_keys" ? `unknown field (misspelt?); ${authKind} auth takes ${takes.length ? takes.join(", ") : "no credentials"}` : `${issue.message} (auth kind ${authKind}${misspelt ? `; ${misspelt}` : ""})`;
      return { ok: false, field: ["credentials", zodIssueField(issue)].filter(Boolean).join("."), message };
    }
    fields.credentials = r.data;
  }
  return { ok: true, fields };
}
