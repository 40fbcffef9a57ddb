// Replaces credential strings wherever they appear in a value (deeply). A server may echo an
// Authorization header or API key back in its body — lowercased, base64-encoded, URL-encoded —
// and that must not land in a run output, a log line or an error message. The masking is the
// workspace secrets' (lib/secrets/redact-secrets.ts), so both cover the same forms.
import { REDACTED, redactSecrets } from "@/lib/secrets/redact-secrets";

export { REDACTED };

export function redactCredentials<T>(value: T, secrets: readonly string[]): T {
  return redactSecrets(secrets)(value);
}
