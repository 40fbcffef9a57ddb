// Validates credentials against their auth kind and encrypts them as one JSON object. A failure
// here must not echo the submitted value: the message names the field and the types.
import { fieldError } from "@/lib/api/field-error";
import type { AuthKind } from "@/lib/connections/connection-auth";
import { parseConnectionFields } from "@/lib/connections/parse-connection-fields";
import { encryptSecret } from "@/lib/secrets/crypto";

export function sealCredentials(authKind: AuthKind, credentials: Record<string, unknown>): string | null {
  const r = parseConnectionFields({ authKind, credentials });
  if (!r.ok) throw fieldError(r.field, r.message);
  if (authKind === "none") return null;
  return encryptSecret(JSON.stringify(r.fields.credentials));
}
