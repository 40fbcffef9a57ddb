// What an HTTP Request sent, in its log: a PSA's 422 names the field it refused, and the
// technician could see the answer (the step's output) but not the request that drew it — the
// headers and the body the step's references had filled in. Credentials never show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

let psa: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  psa = await startLocalServer((req, res) => {
    if (req.url === "/tickets") {
      res.writeHead(422, { "content-type": "application/json" });
      return res.end(JSON.stringify({ errors: [{ field: "company_id", message: "Company 77 does not exist" }] }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
});
afterAll(() => psa.close());

const deps = () => memoryDeps([{ id: "c-psa", authKind: "bearer", credentials: { token: "psa-token-9f8e7d" } }]);

async function send(config: Record<string, unknown>, outputs: Record<number, unknown>) {
  const ctx = makeContext({ kind: "http", config, outputs });
  const error = await createHttpExecutor(deps())(ctx).then(() => null, (e: unknown) => e);
  return { ctx, error };
}

describe("an HTTP Request's log says what it sent", () => {
  it("a refused POST: its headers (credentials masked) and its body as resolved", async () => {
    const { ctx, error } = await send(
      {
        method: "POST",
        url: `${psa.url}/tickets`,
        connectionId: "c-psa",
        headers: [{ name: "X-Tenant", value: "acme" }, { name: "X-Api-Key", value: "typed-key-123" }],
        body: { type: "json", json: { company_id: "{{ 2.company }}", summary: "Disk full on {{ 1.host }}" } },
      },
      { 1: { host: "srv-01" }, 2: { company: 77 } },
    );
    expect(error).toBeInstanceOf(StepError);
    expect((error as StepError).message).toContain("HTTP 422");
    const log = ctx.lines.join("\n");
    expect(log).toContain('request body (49 bytes): {"company_id":77,"summary":"Disk full on srv-01"}');
    const headers = ctx.lines.find((l) => l.startsWith("request headers: "));
    expect(headers).toContain("X-Tenant: acme");
    expect(headers).toContain("content-type: application/json");
    expect(headers).toContain("authorization: ••••");
    expect(headers).toContain("X-Api-Key: ••••");
    expect(log).not.toContain("psa-token-9f8e7d");
    expect(log).not.toContain("typed-key-123");
  });

  it("a body field named as a credential shows as •••• (a generated password, a client secret), the rest as sent", async () => {
    const user = { displayName: "Ana Lima", passwordProfile: { password: "z5W?PTHwE%_jDQbT", forceChangePasswordNextSignIn: true }, clientSecret: "cs-77", tokenCount: 0 };
    const { ctx } = await send({ method: "POST", url: `${psa.url}/ok`, body: { type: "json", json: { user: "{{ 1.user }}" } } }, { 1: { user } });
    const line = ctx.lines.find((l) => l.startsWith("request body"))!;
    expect(line).toContain('"displayName":"Ana Lima"');
    expect(line).toContain('"passwordProfile":{"password":"••••","forceChangePasswordNextSignIn":true}');
    expect(line).toContain('"clientSecret":"••••"');
    expect(line).not.toContain("z5W?PTHwE");
    expect(line).not.toContain("cs-77");

    const form = await send({ method: "POST", url: `${psa.url}/ok`, body: { type: "form", fields: [{ name: "user", value: "ana" }, { name: "password", value: "{{ 1.pw }}" }] } }, { 1: { pw: "hunter2!" } });
    const formLine = form.ctx.lines.find((l) => l.startsWith("request body"))!;
    expect(formLine).toContain("user=ana&password=••••");
    expect(formLine).not.toContain("hunter2");
  });

  it("a long body is cut, saying its whole size; a GET has no body line", async () => {
    const { ctx } = await send({ method: "POST", url: `${psa.url}/ok`, body: { type: "raw", raw: "{{ 1.big }}" } }, { 1: { big: "x".repeat(900_000) } });
    const line = ctx.lines.find((l) => l.startsWith("request body"))!;
    expect(line).toMatch(/^request body \(900,000 bytes, the first 4,000 characters\): x{4000}…$/);
    const get = await send({ method: "GET", url: `${psa.url}/ok` }, { 1: {} });
    expect(get.ctx.lines.some((l) => l.startsWith("request headers: "))).toBe(true);
    expect(get.ctx.lines.some((l) => l.startsWith("request body"))).toBe(false);
  });
});
