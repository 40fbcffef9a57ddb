// The `limit` query parameter of list endpoints: absent (or empty) means the default; anything
// but a whole number within 1..max is a 400 rather than a silent clamp, so a client asking for
// more than it can get learns so.
import { badRequest } from "@/lib/api/errors";

export function parseLimit(url: string | URL, { fallback = 50, max = 500 }: { fallback?: number; max?: number } = {}): number {
  const raw = new URL(url).searchParams.get("limit");
  if (raw === null || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > max) {
    throw badRequest(`limit must be a whole number from 1 to ${max} (default ${fallback}); got "${raw.slice(0, 40)}"`);
  }
  return n;
}
