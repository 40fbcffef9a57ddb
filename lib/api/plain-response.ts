// A response as plain data, for the paths answered outside Next's route helpers (the intake's
// node:http fast path, /metrics): each adapter writes it to its own server's response object.
import { MACHINE_CONTENT_SECURITY_POLICY } from "@/lib/security/content-security-policy";

export type PlainResponse = { status: number; headers: Record<string, string>; body: string };

// The headers next.config.ts gives Next's answers, for these answered outside Next: a constant
// (no per-request work on the intake's path), and a JSON answer needs no page's nonce.
export const SECURITY_HEADERS = { "content-security-policy": MACHINE_CONTENT_SECURITY_POLICY, "x-content-type-options": "nosniff" };

/** A JSON answer that is never cached; `extra` adds or overrides headers. */
export function jsonResponse(status: number, body: object, extra: Record<string, string> = {}): PlainResponse {
  return { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...SECURITY_HEADERS, ...extra }, body: JSON.stringify(body) };
}
