// What a test run sends out, said before it starts. The trigger's Run step sends nothing (its
// Testing data stands in for a delivery), but Run step on an HTTP Request sends its real request —
// that is what testing it means — and an "isolate host" POST really isolates the host; an AI
// Prompt calls its AI provider. The editor names the request (method, URL as far as it can be
// resolved without a run: joined to the account's base URL, references left as written) and the
// account whose credentials go with it, and asks first for a method that changes something.
// Pure and client-safe.
import { joinBaseUrl } from "./build-http-request";

export type TestSendStep = { id: string; kind: string; name?: string | null; config: Record<string, unknown> };
export type TestSendAccount = { name: string; baseUrl: string | null };

export type TestSend =
  | { kind: "http"; stepId: string; number: number; method: string; url: string; account: string | null; changes: boolean }
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
    return { kind: "http", stepId: step.id, number, method, url: joinBaseUrl(account?.baseUrl, written), account: account?.name ?? null, changes: CHANGING.has(method) };
  }
  if (step.kind === "ai_prompt") return { kind: "ai_prompt", stepId: step.id, number, account: account?.name ?? null };
  return null;
}

/** Every request a run of the whole workflow may send, in step order. */
export function whatWorkflowSends(steps: readonly TestSendStep[], accounts: ReadonlyMap<string, TestSendAccount>): TestSend[] {
  return steps.flatMap((s, i) => whatStepSends(s, i + 1, accounts) ?? []);
}

/** "POST https://edr.example.com/isolate, with the credentials of the account “EDR”". */
export function describeTestSend(s: TestSend): string {
  if (s.kind === "ai_prompt") return `calls the AI provider${s.account ? ` with the account “${s.account}”` : ""}`;
  const url = s.url || "(no URL yet)";
  return `${s.method} ${url}${s.account ? `, with the credentials of the account “${s.account}”` : ""}`;
}
