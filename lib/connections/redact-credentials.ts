// Replaces credential strings wherever they appear in a value (deeply). A server may echo an
// Authorization header or API key back in its body; that must not land in a run output, a
// log line or an error message.
export const REDACTED = "••••";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function redactCredentials<T>(value: T, secrets: string[]): T {
  const list = [...new Set(secrets.filter((s) => s.length >= 4))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return value;
  const pattern = new RegExp(list.map(escape).join("|"), "g");
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(pattern, REDACTED);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [walk(k) as string, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
