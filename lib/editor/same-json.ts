// Whether two values are the same JSON: what a field sent and what the server sent back are
// equal although the server's copy is a new object whose keys jsonb has reordered, and a key
// holding undefined is the same as no key (JSON drops it). Pure and client-safe.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

const definedKeys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  const keys = definedKeys(a);
  return keys.length === definedKeys(b).length && keys.every((k) => b[k] !== undefined && sameJson(a[k], b[k]));
}
