// What a test run sends out, said before it starts. The trigger's Run step sends nothing (its
// Testing data stands in for a delivery), but Run step on an HTTP Request sends its real request —
// that is what testing it means — and an "isolate host" POST really isolates the host; an AI
// Prompt calls its AI provider. The editor names the request (method, URL as far as it can be
// resolved without a run: joined to the account's base URL, the Query list after the URL's own
// query as the run appends it, references left as written) and the account whose credentials go
// with it, and asks first for a method that changes something. A URL no run could send (not http(s)
// nor a path; a path without an account's base URL) is said as such, not as a request that goes out.
// Pure and client-safe.
import { joinBaseUrl } from "./build-http-request";
import { readBase64 } from "./read-base64";
import { URL_FORM_RULE, urlForm } from "./url-form";

export type TestSendStep = { id: string; kind: string; name?: string | null; config: Record<string, unknown> };
export type TestSendAccount = { name: string; baseUrl: string | null };

export type TestSend =
  /** `body`: a binary body, said by its size and type ("600 bytes (application/pdf)"), never its base64. */
  | { kind: "http"; stepId: string; number: number; method: string; url: string; account: string | null; changes: boolean; problem?: string; body?: string }
  | { kind: "ai_prompt"; stepId: string; number: number; account: string | null };

/** Methods that change something at the other end: a test of them is confirmed first. */
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What Run step on this step sends, or null for a step that sends nothing. */
export function whatStepSends(step: TestSendStep, number: number, accounts: ReadonlyMap<string, TestSendAccount>): TestSend | null {
  const c = step.config;
  const account = typeof c.connectionId === "string" ? (accounts.get(c.connectionId) ?? null) : null;
  if (step.kind === "http") {
    const method = typeof c.method === "string" && c.method ? c.method : "GET";
    const written = typeof c.url === "string" ? c.url.trim() : "";
    const form = urlForm(written);
    // An empty URL is said as the server's Run step refuses it (find-missing-fields.ts), not as a
    // request that goes out.
    const problem =
      form === "blank" ? "URL is required" : form === "other" ? URL_FORM_RULE : form === "path" && !account?.baseUrl ? "the URL is a path: choose an account with a base URL to complete it, or write the whole URL" : undefined;
    // One that cannot be sent is shown as written: joining it to a base URL would show a request
    // the run refuses to make.
    const url = problem ? written : withQuery(joinBaseUrl(account?.baseUrl, written), c.query);
    const body = binaryBody(c);
    return { kind: "http", stepId: step.id, number, method, url, account: account?.name ?? null, changes: CHANGING.has(method), ...(problem && { problem }), ...(body && { body }) };
  }
  if (step.kind === "ai_prompt") return { kind: "ai_prompt", stepId: step.id, number, account: account?.name ?? null };
  return null;
}

// A binary body's base64 written in the step is said as the bytes it stands for; a reference
// (`{{ 2.body }}`, known only in a run) as written. The type is a Content-Type header's, as the
// run's, else the body's own.
function binaryBody(c: Record<string, unknown>): string | undefined {
  const b = c.body as { type?: unknown; base64?: unknown; contentType?: unknown } | undefined;
  if (!b || b.type !== "binary") return undefined;
  const header = Array.isArray(c.headers) ? c.headers.find((h) => typeof h?.name === "string" && h.name.trim().toLowerCase() === "content-type") : undefined;
  const type = String(header?.value ?? (b.contentType || "application/octet-stream")).split(";")[0].trim();
  const written = typeof b.base64 === "string" ? b.base64.trim() : "";
  if (/\{\{[\s\S]*?\}\}/.test(written)) return `the bytes of ${written.slice(0, 80)} (${type})`;
  const read = readBase64(written);
  if (read.problem !== undefined) return `a binary body that is not base64 (${type})`;
  return `${read.byteLength.toLocaleString("en-US")} ${read.byteLength === 1 ? "byte" : "bytes"} (${type})`;
}

/** The Query list appended as a run appends it (URLSearchParams' encoding), except that a
 *  reference stays as written: the editor cannot resolve it. */
function withQuery(url: string, query: unknown): string {
  if (!Array.isArray(query) || query.length === 0) return url;
  const encode = (v: unknown) =>
    String(v ?? "")
      .split(/(\{\{[\s\S]*?\}\})/)
      .map((part, i) => (i % 2 === 1 ? part : new URLSearchParams([["", part]]).toString().slice(1)))
      .join("");
  const pairs = query.filter((q): q is { name: unknown; value: unknown } => typeof q === "object" && q !== null).map((q) => `${encode(q.name)}=${encode(q.value)}`);
  if (pairs.length === 0) return url;
  const [rest, fragment] = url.includes("#") ? [url.slice(0, url.indexOf("#")), url.slice(url.indexOf("#"))] : [url, ""];
  return `${rest}${rest.includes("?") ? (rest.endsWith("?") || rest.endsWith("&") ? "" : "&") : "?"}${pairs.join("&")}${fragment}`;
}

/** Every request a run of the whole workflow may send, in step order. */
export function whatWorkflowSends(steps: readonly TestSendStep[], accounts: ReadonlyMap<string, TestSendAccount>): TestSend[] {
  return steps.flatMap((s, i) => whatStepSends(s, i + 1, accounts) ?? []);
}

/** "POST https://edr.example.com/isolate, with the credentials of the account “EDR”". */
export function describeTestSend(s: TestSend): string {
  if (s.kind === "ai_prompt") return `calls the AI provider${s.account ? ` with the account “${s.account}”` : ""}`;
  const url = s.url || "(no URL yet)";
  if (s.problem) return `${s.method} ${url} — which cannot be sent: ${s.problem}`;
  return `${s.method} ${url}${s.body ? `, sending ${s.body}` : ""}${s.account ? `, with the credentials of the account “${s.account}”` : ""}`;
}
