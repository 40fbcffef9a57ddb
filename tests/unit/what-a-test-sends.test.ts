// What the Test & Debug panel says a test sends: the HTTP request as far as the editor can
// resolve it, the account whose credentials go with it, and which methods are confirmed first.
import { describe, expect, it } from "vitest";
import { describeTestSend, whatStepSends, whatWorkflowSends } from "@/lib/http-step/what-a-test-sends";

const accounts = new Map([
  ["edr", { name: "EDR", baseUrl: "https://edr.example.com/api/" }],
  ["ai", { name: "OpenAI", baseUrl: null }],
]);

describe("whatStepSends", () => {
  it("an HTTP Request: method, URL joined to its account's base URL, the account, and whether it changes something", () => {
    const s = whatStepSends({ id: "s2", kind: "http", config: { method: "POST", url: "/isolate", connectionId: "edr" } }, 2, accounts)!;
    expect(s).toEqual({ kind: "http", stepId: "s2", number: 2, method: "POST", url: "https://edr.example.com/api/isolate", account: "EDR", changes: true });
    expect(describeTestSend(s)).toBe("POST https://edr.example.com/api/isolate, with the credentials of the account “EDR”");
  });

  it("GET and HEAD are not confirmed; POST, PUT, PATCH and DELETE are", () => {
    const changes = (method: string) => (whatStepSends({ id: "s", kind: "http", config: { method, url: "https://x.test/" } }, 2, accounts) as { changes: boolean }).changes;
    expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].map(changes)).toEqual([false, false, true, true, true, true]);
  });

  it("references stay as written; no account, no credentials named", () => {
    const s = whatStepSends({ id: "s", kind: "http", config: { method: "DELETE", url: "https://rmm.test/devices/{{ 1.deviceId }}", connectionId: null } }, 3, accounts)!;
    expect(describeTestSend(s)).toBe("DELETE https://rmm.test/devices/{{ 1.deviceId }}");
  });

  it("the Query list is appended after the base's and the URL's own query, references as written", () => {
    const base = new Map([["psa", { name: "PSA", baseUrl: "https://psa.test/api2/v1?tenant=acme" }]]);
    const s = whatStepSends({ id: "s", kind: "http", config: { method: "GET", url: "/devices/list?y=1", connectionId: "psa", query: [{ name: "z", value: "2" }, { name: "q", value: "a b&{{ 1.site }}" }] } }, 2, base)!;
    expect(s).toMatchObject({ url: "https://psa.test/api2/v1/devices/list?tenant=acme&y=1&z=2&q=a+b%26{{ 1.site }}" });
    expect(s).not.toHaveProperty("problem");
  });

  it("a URL no run could send is said as such, and not confirmed as a change", () => {
    const noScheme = whatStepSends({ id: "s", kind: "http", config: { method: "POST", url: "devices/list?y=1", connectionId: "edr" } }, 2, accounts)!;
    expect(describeTestSend(noScheme)).toBe("POST devices/list?y=1 — which cannot be sent: URL must start with http:// or https:// (or be a path starting with /, which the account's base URL completes)");
    const pathAlone = whatStepSends({ id: "s", kind: "http", config: { method: "GET", url: "/devices" } }, 2, accounts)!;
    expect(pathAlone).toMatchObject({ problem: "the URL is a path: choose an account with a base URL to complete it, or write the whole URL" });
  });

  it("an AI Prompt calls its provider; other steps send nothing", () => {
    expect(describeTestSend(whatStepSends({ id: "a", kind: "ai_prompt", config: { connectionId: "ai", prompt: "hi" } }, 2, accounts)!)).toBe("calls the AI provider with the account “OpenAI”");
    expect(whatStepSends({ id: "w", kind: "webhook", config: {} }, 1, accounts)).toBeNull();
    expect(whatStepSends({ id: "c", kind: "code", config: { code: "return 1" } }, 2, accounts)).toBeNull();
  });

  it("a whole workflow: the steps that send, in order", () => {
    const sends = whatWorkflowSends(
      [
        { id: "t", kind: "webhook", config: {} },
        { id: "x", kind: "transform", config: {} },
        { id: "h", kind: "http", config: { method: "GET", url: "https://a.test/" } },
        { id: "a", kind: "ai_prompt", config: {} },
      ],
      accounts,
    );
    expect(sends.map((s) => [s.number, s.kind])).toEqual([[3, "http"], [4, "ai_prompt"]]);
  });
});
