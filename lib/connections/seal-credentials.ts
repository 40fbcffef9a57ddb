// Validates credentials against their auth kind and encrypts them as one JSON object. A zod
// failure here must not echo the submitted value: the message names the field and the types.
import { badRequest } from "@/lib/api/errors";
import { credentialSchemas, type AuthKind } from "@/lib/connections/connection-auth";
import { encryptSecret } from "@/lib/secrets/crypto";

export function sealCredentials(authKind: AuthKind, credentials: Record<string, unknown>): string | null {
  const r = credentialSchemas[authKind].safeParse(credentials);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue.path.map(String).join(".");
    // zod's messages name the expected and received types, never the value itself.
    throw badRequest(`credentials${field ? `.${field}` : ""}: ${issue.message} (auth kind ${authKind})`, {
      field: `credentials${field ? `.${field}` : ""}`,
    });
  }
  if (authKind === "none") return null;
  return encryptSecret(JSON.stringify(r.data));
}
