// The write-only credential inputs of an auth kind (names match lib/connections/connection-auth.ts),
// and each kind's name as a technician reads it (the API's values, `oauth2_client_credentials`,
// stay what is sent and stored).
import { inputClass } from "@/components/resources/api-fetch";
import { cn } from "@/components/ui/cn";
import type { AuthKind } from "@/lib/connections/connection-auth";

export const AUTH_KIND_LABELS: Record<AuthKind, string> = {
  none: "None",
  bearer: "Bearer token",
  basic: "Username and password (Basic)",
  api_key: "API key",
  oauth2_client_credentials: "OAuth 2.0 client credentials",
  oauth2_authorization_code: "OAuth 2.0 sign-in (authorization code)",
  openai: "API key (OpenAI-style)",
};

const FIELDS: Record<AuthKind, { name: string; label: string; secret: boolean }[]> = {
  none: [],
  bearer: [{ name: "token", label: "Token", secret: true }],
  basic: [
    { name: "username", label: "Username", secret: false },
    { name: "password", label: "Password", secret: true },
  ],
  api_key: [{ name: "apiKey", label: "API key", secret: true }],
  oauth2_client_credentials: [
    { name: "clientId", label: "Client ID", secret: false },
    { name: "clientSecret", label: "Client secret", secret: true },
  ],
  oauth2_authorization_code: [
    { name: "clientId", label: "Client ID", secret: false },
    { name: "clientSecret", label: "Client secret", secret: true },
  ],
  openai: [{ name: "apiKey", label: "API key", secret: true }],
};

export function CredentialFields({ kind, required }: { kind: AuthKind; required: boolean }) {
  return (
    <>
      {FIELDS[kind].map((f) => (
        <label key={f.name} className="text-sm font-medium text-slate-700">
          {f.label}
          <input name={`cred.${f.name}`} type={f.secret ? "password" : "text"} required={required} autoComplete="off" className={cn(inputClass, "mt-1")} />
        </label>
      ))}
    </>
  );
}

/** The credentials object from a form, or undefined when every field was left empty (keep stored ones). */
export function readCredentials(form: FormData, kind: AuthKind): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const f of FIELDS[kind]) {
    const v = String(form.get(`cred.${f.name}`) ?? "");
    if (v !== "") out[f.name] = v;
  }
  return Object.keys(out).length ? out : undefined;
}
