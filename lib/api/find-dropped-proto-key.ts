// A key "__proto__" is data to JSON.parse (an own field), but a zod record, and any code that
// copies an object by assignment, drops it without a word: {"__proto__": {...}} in a step's
// config or a connection's credentials was answered 201 and never stored. A body's schema is
// the judge of what it keeps, so this compares the body as sent with what the schema made of it:
// an own "__proto__" the parse left out is refused, naming where it was. One the schema keeps
// (free data such as a trigger's Testing data or a request body template, z.unknown) stays data.
import { AppError } from "@/lib/api/errors";
import { isJsonObject } from "@/lib/json/is-json-object";

const PROTO = "__proto__";

/** The path of the first own "__proto__" key of `sent` that `parsed` does not have, or null. */
export function findDroppedProtoKey(sent: unknown, parsed: unknown, path: readonly string[] = []): string[] | null {
  if (Array.isArray(sent)) {
    if (!Array.isArray(parsed)) return null;
    for (let i = 0; i < sent.length && i < parsed.length; i++) {
      const hit = findDroppedProtoKey(sent[i], parsed[i], [...path, String(i)]);
      if (hit) return hit;
    }
    return null;
  }
  if (!isJsonObject(sent) || parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  for (const [key, value] of Object.entries(sent)) {
    const kept = Object.hasOwn(parsed, key);
    if (key === PROTO && !kept) return [...path, key];
    if (kept && value !== (parsed as Record<string, unknown>)[key]) {
      const hit = findDroppedProtoKey(value, (parsed as Record<string, unknown>)[key], [...path, key]);
      if (hit) return hit;
    }
  }
  return null;
}

export const PROTO_KEY_PROBLEM = 'cannot be a field name ("__proto__" is reserved): use another name';

/** The 400 for a dropped "__proto__" at `path`, named like every body's 400 (`field`, `issues[].path`). */
export function protoKeyRefused(path: readonly string[]): AppError {
  const field = path.join(".");
  return new AppError(400, "invalid_request", `${field}: ${PROTO_KEY_PROBLEM}`, { field, issues: [{ path: field, message: PROTO_KEY_PROBLEM }] });
}
