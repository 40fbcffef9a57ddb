// Reads the whole database directly (every table of every schema, pg-boss's jobs included) and
// the server and worker logs after secrets, credentials and a webhook secret were written,
// pushed, filled in by a client and used by a run whose service echoes them back: no plaintext.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { db } from "@/lib/db/client";
import { startLocalServer } from "../helpers/local-server";
import { createAccount, createPushTenancy } from "../helpers/push-fixtures";
import { eventually } from "../helpers/services";
import { startTestServer } from "../helpers/api-server";

const SECRETS = {
  providerSecret: "PLAIN-provider-secret-7f3a",
  clientSecret: "PLAIN-client-secret-91bc",
  bearer: "PLAIN-bearer-token-55de",
  basicPassword: "PLAIN-basic-pass-0a1b",
  apiKey: "PLAIN-api-key-c2d3",
  clientSecretOauth: "PLAIN-oauth-client-secret-e4f5",
  openai: "PLAIN-openai-key-6789",
  hookSecret: "PLAIN-webhook-shared-secret-abcd",
  clientHookSecret: "PLAIN-client-webhook-secret-ef01",
};

const { web, worker } = startTestServer({ tenancy: "none", worker: true });
let echo: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  // The fake service echoes every header back, so a run's output would carry the secrets unless redacted.
  echo = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ headers: req.headers }));
  });
});
afterAll(async () => {
  await echo?.close();
});

async function dumpDatabase(): Promise<string> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    const { rows: tables } = await c.query(`SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`);
    const parts: string[] = [];
    for (const t of tables) {
      const { rows } = await c.query(`SELECT row_to_json(x)::text AS j FROM ${pg.escapeIdentifier(t.table_schema)}.${pg.escapeIdentifier(t.table_name)} x`);
      parts.push(...rows.map((r) => r.j as string));
    }
    return parts.join("\n");
  } finally {
    await c.end();
  }
}

describe("secrets at rest", () => {
  it("no plaintext secret, credential or webhook secret anywhere in the database or the logs", async () => {
    const t = await createPushTenancy(web.baseUrl);
    const tech = t.api(t.users.tech);
    const admin = t.api(t.users.adminA);
    const p = t.provider.id;
    await tech.put(`/api/v1/workspaces/${p}/variables/KEY`, { value: SECRETS.providerSecret, secret: true });
    const bearer = await createAccount(tech, p, "http", "bearer", { token: SECRETS.bearer }, echo.url);
    await tech.post(`/api/v1/workspaces/${p}/connections`, { app: "psa", name: "basic", credentials: { username: "u", password: SECRETS.basicPassword } });
    await tech.post(`/api/v1/workspaces/${p}/connections`, { app: "rmm", name: "key", credentials: { apiKey: SECRETS.apiKey } });
    await tech.post(`/api/v1/workspaces/${p}/connections`, { app: "directory", name: "oauth", credentials: { clientId: "cid", clientSecret: SECRETS.clientSecretOauth } });
    await tech.post(`/api/v1/workspaces/${p}/connections`, { app: "openai", name: "ai", credentials: { apiKey: SECRETS.openai } });
    const wf = await tech.post(`/api/v1/workspaces/${p}/workflows`, {
      name: "Uses secrets",
      steps: [
        { id: "hook", kind: "webhook", config: { sharedSecret: SECRETS.hookSecret } },
        { id: "call", kind: "http", config: { method: "GET", url: "/echo", headers: [{ name: "x-secret", value: "{{ secrets.KEY }}" }], connectionId: bearer } },
      ],
    });
    expect(wf.status).toBe(201);

    // Push to client A, which fills in its own secret and account, reviews and goes Live.
    const acct = await createAccount(admin, t.clientA.id, "http", "client bearer", { token: SECRETS.bearer + "-client" }, echo.url);
    const pushed = await tech.post(`/api/v1/workflows/${wf.body.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    expect(pushed.status).toBe(201);
    await admin.put(`/api/v1/workspaces/${t.clientA.id}/variables/KEY`, { value: SECRETS.clientSecret, secret: true });
    await admin.put(`/api/v1/workflows/${pushed.body.copy.id}/review/accounts/call`, { connectionId: acct });
    await admin.put(`/api/v1/workflows/${pushed.body.copy.id}/review/webhook-secret`, { sharedSecret: SECRETS.clientHookSecret });
    await admin.post(`/api/v1/workflows/${pushed.body.copy.id}/review/confirm`);
    const live = await admin.post(`/api/v1/workflows/${pushed.body.copy.id}/live`);
    expect(live.status).toBe(200);

    // A real delivery: the run sends the client's secret and stores the echoed response.
    const signature = createHmac("sha256", SECRETS.clientHookSecret).update("{}").digest("hex");
    expect((await fetch(live.body.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "x-service-signature": signature }, body: "{}" })).status).toBe(202);
    await eventually(async () => {
      const r = await db().run.findFirst({ where: { workflowId: pushed.body.copy.id } });
      return r && ["succeeded", "failed"].includes(r.status);
    }, 30_000, "the run to finish");
    // The service did receive the client's secret: the run really used it.
    expect(echo.requests.some((r) => r.headers["x-secret"] === SECRETS.clientSecret)).toBe(true);

    const dump = await dumpDatabase();
    expect(dump).toContain("v1:"); // ciphertexts are there
    const logs = web.output() + worker.output();
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(dump.includes(value), `${name} in the database`).toBe(false);
      expect(logs.includes(value), `${name} in the logs`).toBe(false);
    }
  });
});
