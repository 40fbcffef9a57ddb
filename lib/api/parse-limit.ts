// The `limit` query parameter of list endpoints: absent (or empty) means the default; a whole
// number above the maximum is taken as the maximum ("at most 500": a script asking for more gets
// as many as a page holds); anything but a whole number from 1 is a 400.
import { badRequest } from "@/lib/api/errors";

export function parseLimit(url: string | URL, { fallback = 50, max = 500 }: { fallback?: number; max?: number } = {}): number {
  const raw = new URL(url).searchParams.get("limit");
  if (raw === null || raw.trim() === "") return fallback;
  if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < 1) {
    throw badRequest(`limit must be a whole number from 1 (at most ${max}; default ${fallback}); got "${raw.slice(0, 40)}"`);
  }
  return Math.min(Number(raw), max);
}
