// Replaces secret values with •••• in anything the engine shows or stores (step outputs,
// errors, log lines, run errors). Works on decoded values, not on serialized JSON, so masking
// can never break the structure of a document.
export const REDACTED = "••••";

// Shorter values are not masked in free text: hiding every "1" or "ab" in an output would
// destroy the data while protecting nothing (a 1–2 character secret is not a secret).
const MIN_SECRET_LENGTH = 3;

export type Redactor = <T>(value: T) => T;

const identity: Redactor = (v) => v;

/** A redactor for these secret values (longest first, so a secret containing another is masked whole). */
export function redactSecrets(secrets: readonly (string | null)[]): Redactor {
  const values = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  if (values.length === 0) return identity;
  const mask = (text: string) => {
    let out = text;
    for (const s of values) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return mask(v);
    // A number or boolean equal to a secret (a numeric PIN) is shown as the mask too.
    if ((typeof v === "number" || typeof v === "bigint") && values.includes(String(v))) return REDACTED;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [mask(k), walk(x)]));
    return v;
  };
  return walk as Redactor;
}
