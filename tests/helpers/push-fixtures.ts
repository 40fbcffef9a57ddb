// For push tests: accounts, and a workflow that exercises every push rule (accounts of three apps,
// variables, a secret, a file, sample data) for createPushTenancy's provider (api-fixtures.ts);
// the real server a push test file starts for them, and the client's Live copy the run tests use.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import type { ApiClient, Json } from "./api-fixtures";
import { startTestServer, type PushServer, type TestServerOptions } from "./api-server";

export { createPushTenancy } from "./api-fixtures";
export type { FakeService, PushServer, PushTenancy } from "./api-server";

/** Credentials with a `token` make a bearer account, whatever the app's default auth kind. */
export async function createAccount(api: ApiClient, workspaceId: string, app: string, name: string, credentials?: Record<string, unknown>, baseUrl?: string): Promise<string> {
  const authKind = credentials && "token" in credentials ? "bearer" : undefined;
  const res = await api.post(`/api/v1/workspaces/${workspaceId}/connections`, { app, name, authKind, credentials, ...(baseUrl ? { baseUrl } : {}) });
  if (res.status !== 201) throw new Error(`create connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.connection.id;
}

/** The provider's onboarding workflow, on three accounts of the provider's it creates: directory
 *  (for a client with 1 account of that app), psa (several), openai (none). */
export async function createSourceWorkflow(api: ApiClient, providerId: string): Promise<Json> {
  const accounts = {
    dir: await createAccount(api, providerId, "directory", "Provider Graph", { token: "provider-graph-token" }),
    psa: await createAccount(api, providerId, "psa", "Provider PSA", { username: "u", password: "provider-psa-pass" }),
    ai: await createAccount(api, providerId, "openai", "Provider AI", { apiKey: "sk-provider-ai" }),
  };
  const res = await api.post(`/api/v1/workspaces/${providerId}/workflows`, {
    name: "New-hire onboarding",
    steps: [
      { id: "hook", kind: "webhook", config: { sharedSecret: "provider-hook-secret", testingData: { firstName: "Alice", email: "alice@acme-provider.example" } } },
      { id: "user", kind: "http", name: "Create user", config: { method: "POST", url: "{{ vars.GRAPH_URL }}/users", headers: [{ name: "x-key", value: "{{ secrets.GRAPH_KEY }}" }], connectionId: accounts.dir } },
      { id: "ticket", kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa.example.com/tickets", body: { type: "raw", raw: "{{ files.welcome.txt }}" }, connectionId: accounts.psa } },
      { id: "summary", kind: "ai_prompt", name: "Summary", config: { prompt: "Summarize {{ 1.firstName }}", connectionId: accounts.ai } },
    ],
  });
  if (res.status !== 201) throw new Error(`create workflow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A push test file's real server and tenancy, started before its tests and stopped after:
 * startTestServer (api-server.ts) with createPushTenancy — the production web server (with a
 * worker where the file's runs must execute, and the fake services it names) and the API clients
 * of the tenancy's users. Read it inside tests, once beforeAll has run; a file's own beforeAll,
 * registered after, runs after it.
 */
export function startPushServer<F extends string = never>(options: TestServerOptions<F> = {}): PushServer<F> {
  return startTestServer({ ...options, tenancy: "push" });
}

/** A step that sends client A's secret API_KEY to `host`: what a provider's new version may do. */
export const sendsApiKeyTo = (host: string) => ({ id: "collect", kind: "http", config: { method: "POST", url: `${host}/collect`, headers: [{ name: "x-key", value: "{{ secrets.API_KEY }}" }] } });

/**
 * The provider's "Report" workflow — its trigger, `middle`, then POST /report on the provider's
 * PSA account (whose base URL answers nothing) — pushed to client A, which has one PSA account
 * (on `clientPsaUrl`, so the push selects it) and a secret API_KEY, reviewed and Live.
 */
export async function liveReportCopy(t: PushServer, clientPsaUrl: string, middle: Json[] = []) {
  const psaP = await createAccount(t.tech, t.provider.id, "psa", "Provider PSA", { token: "provider-psa-token" }, "http://127.0.0.1:9");
  const hook = { id: "hook", kind: "webhook", config: {} };
  const report = { id: "report", kind: "http", config: { method: "POST", url: "/report", connectionId: psaP } };
  const source = await t.createSource("Report", [hook, ...middle, report]);
  const ws = t.clientA.id;
  await createAccount(t.adminA, ws, "psa", "Client PSA", { token: "client-psa-token" }, clientPsaUrl);
  await t.adminA.put(`/api/v1/workspaces/${ws}/variables/API_KEY`, { value: "client-api-key-zzz", secret: true });
  const first = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const copy: Json = first.body.copy;
  expect((await t.adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`)).status).toBe(200);
  const live = await t.adminA.post(`/api/v1/workflows/${copy.id}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return { source, copy, webhookUrl: live.body.webhookUrl as string, hook, report };
}

/** The state of the latest run-execute job of a run ("created" while a Wait or a backoff parks it). */
export const runJobState = async (runId: string) =>
  (
    await db().$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ${runId} ORDER BY created_on DESC LIMIT 1`
  )[0]?.state;
