// An HTTP Request that sets its own Host header — one a run's data fills in (`Host: {{ 1.h }}`) —
// chose which site received an account's credentials or a secret: on name-based virtual hosting,
// a reverse proxy or a CDN, the Host header is that choice, whatever origin the URL was held to.
// Through the real server and worker against a node:http receiver: a step's Host (and the other
// headers that frame the request) is refused at save, naming the field; one whose name a
// reference gives, or a step saved before the rule, fails at the step having sent nothing; an
// api_key account cannot put its key in Host either.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";

const { t, api } = startTestServer({ worker: true });

let receiver: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  receiver = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ host: req.headers.host ?? null }));
  });
});
afterAll(async () => {
  await receiver?.close();
});

const webhook = (h: string) => ({ id: "hook", kind: "webhook", name: "Alert", config: { testingData: { h } } });
const httpStep = (config: Record<string, unknown>) => ({ id: "call", kind: "http", name: "Call", config: { method: "GET", ...config } });

async function account(name: string, authKind: string, credentials: Record<string, string>, config?: Record<string, string>) {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "http", name, authKind, baseUrl: receiver.url, credentials, ...(config ? { config } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.connection.id as string;
}

/** Runs the workflow on its Testing data; returns the HTTP step's view. */
async function testRun(workflowId: string): Promise<Json> {
  const res = await api.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { scope: "workflow" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const run = await finishedRunView(api, res.body.run.id as string, 30_000);
  return (run.steps as Json[]).find((s) => s.number === 2)!;
}

describe("an HTTP Request's Host header", () => {
  it("is refused at save, naming the field, with the other framing headers", async () => {
    for (const [name, says] of [
      ["Host", "a step cannot set the Host header"],
      [" host ", "a step cannot set the Host header"],
      ["Transfer-Encoding", "a step cannot set the Transfer-Encoding header"],
      ["content-length", "a step cannot set the content-length header"],
      ["Connection", "a step cannot set the Connection header"],
      [":authority", ":authority is an HTTP/2 pseudo-header"],
    ]) {
      const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
        name: `Host ${name}`,
        steps: [webhook("x"), httpStep({ url: `${receiver.url}/echo`, headers: [{ name: "X-Fine", value: "1" }, { name, value: "attacker.example" }] })],
      });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject({ error: "invalid_workflow", step: 2, stepId: "call", field: "headers.1.name" });
      expect(res.body.message, name).toContain(says);
    }
    expect(receiver.requests).toHaveLength(0);
  });

  it("from a run's data does not send a Basic account's credentials, an api_key account's key or a secret", async () => {
    const basic = await account("PSA basic", "basic", { username: "svc", password: "basic-pass-4471" });
    const keyed = await account("PSA key", "api_key", { apiKey: "psa-api-key-8830" });
    expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/MYSECRET`, { value: "my-secret-value-5512", secret: true })).status).toBe(201);
    const cases = [
      { what: "basic", config: { connectionId: basic, url: "/echo", headers: [{ name: "Host", value: "{{ 1.h }}" }] } },
      { what: "api_key", config: { connectionId: keyed, url: "/echo", headers: [{ name: "Host", value: "{{ 1.h }}" }] } },
      { what: "secret", config: { url: `${receiver.url}/echo`, headers: [{ name: "X-Api-Key", value: "{{ secrets.MYSECRET }}" }, { name: "Host", value: "{{ 1.h }}" }] } },
    ];
    for (const c of cases) {
      // Saved before the rule (or through a blueprint or push that did not check): the run fails
      // at the step and the receiver gets nothing.
      const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: `Host from data ${c.what}`, steps: [webhook("x"), httpStep({ url: "/echo", connectionId: basic })] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      await db().workflow.update({ where: { id }, data: { steps: [webhook("attacker.example"), httpStep(c.config)] as Prisma.InputJsonValue } });
      const step = await testRun(id);
      expect(step.status, c.what).toBe("failed");
      expect(step.error, c.what).toContain("a step cannot set the Host header");
      expect(step.error, c.what).not.toMatch(/basic-pass|psa-api-key|my-secret-value/);
      // Nor can it go Live.
      expect((await api.post(`/api/v1/workflows/${id}/live`)).status, c.what).not.toBe(200);
    }
    expect(receiver.requests).toHaveLength(0);
  });

  it("whose name a run's data gives is refused at the step, nothing sent", async () => {
    const basic = await account("PSA basic named", "basic", { username: "svc", password: "basic-pass-9012" });
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "Header name from data",
      steps: [{ ...webhook("attacker.example"), config: { testingData: { h: "attacker.example", n: "Host" } } }, httpStep({ connectionId: basic, url: "/echo", headers: [{ name: "{{ 1.n }}", value: "{{ 1.h }}" }] })],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const step = await testRun(created.body.id as string);
    expect(step).toMatchObject({ status: "failed" });
    expect(step.error).toContain("a step cannot set the Host header");
    expect(step.error).toContain("nothing was sent");
    expect(receiver.requests).toHaveLength(0);
  });

  it("cannot carry an api_key account's key", async () => {
    const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "http", name: "Key in Host", authKind: "api_key", baseUrl: receiver.url, credentials: { apiKey: "k-123456" }, config: { headerName: "Host" } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("an account cannot set the Host header");
    expect(JSON.stringify(res.body)).toContain("headerName");
  });
});
