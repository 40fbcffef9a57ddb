// Failure alerts through the whole product path: a Live workflow's delivery, the worker's failed
// run, the failure-alert job POSTing to a fake Slack/Teams incoming webhook over real HTTP. One
// alert per failed live run with the documented fields, none for a test run, one per workflow per
// window in a storm (the next one counting the rest), the URL never in an answer, the SSRF guard
// with the operator's allow-list (127.0.0.0/8 in tests, as for HTTP Request steps), and roles.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { decryptSecret } from "@/lib/secrets/crypto";
import { rotateSecretKey } from "@/lib/secrets/rotate-secret-key";
import { apiClient, finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";
import { startChatFake, type ChatFake } from "../fakes/chat";

const { t, api, as, web } = startTestServer({ worker: true });
let chat: ChatFake;
beforeAll(async () => {
  chat = await startChatFake();
});
afterAll(() => chat?.close());

const uniq = () => randomUUID().slice(0, 8);
const alertsPath = () => `/api/v1/workspaces/${t.providerA.id}/failure-alerts`;

/** Points the workspace's alerts at a new channel of the fake; its URL as a Slack one is: a token in the path. */
async function alertTo(channel: string): Promise<string> {
  const url = chat.webhookUrl(channel);
  const res = await api.put(alertsPath(), { url, enabled: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return url;
}

/** A Live workflow whose step 3 (Code "Check disk") always fails, after step 2 made an output. */
async function failingLiveWorkflow(name: string) {
  const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
    name,
    steps: [
      { kind: "webhook", name: "Alert", config: { testingData: { host: "srv-01" } } },
      { kind: "transform", name: "Shape", config: { fields: [{ name: "note", expression: '"output-of-step-2"' }] } },
      { kind: "code", name: "Check disk", config: { code: 'throw new Error("disk C: is full on " + steps[1].host);' } },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const live = await api.post(`/api/v1/workflows/${created.body.id}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return { id: created.body.id as string, url: live.body.webhookUrl as string };
}

async function deliver(url: string): Promise<void> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ host: "srv-01" }) });
  expect(res.status).toBe(202);
}

async function failedRuns(workflowId: string, count: number): Promise<string[]> {
  return eventually(
    async () => {
      const runs = (await api.get(`/api/v1/workflows/${workflowId}/runs?limit=100`)).body.runs as { id: string; status: string }[];
      return runs.length >= count && runs.every((r) => r.status === "failed") ? runs.map((r) => r.id).reverse() : null;
    },
    60_000,
    `${count} failed runs of ${workflowId}`,
  );
}

/** Waits until the failure-alert jobs of these runs are done (sent, or kept quiet by the storm guard). */
async function alertJobsDone(runIds: string[]): Promise<void> {
  await eventually(
    async () => {
      const rows = await db().$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = 'failure-alert' AND state = 'completed' AND data->>'runId' = ANY($1)`,
        runIds,
      );
      return Number(rows[0].n) === runIds.length;
    },
    30_000,
    `failure-alert jobs of ${runIds.length} runs`,
  );
}

describe("failure alerts", () => {
  it("a failed live run sends one alert: the step, the error, a link to the run; no step output", async () => {
    const channel = `ops-${uniq()}`;
    await alertTo(channel);
    const name = `Disk check ${uniq()}`;
    const wf = await failingLiveWorkflow(name);
    await deliver(wf.url);
    const [runId] = await failedRuns(wf.id, 1);
    const [msg] = await eventually(async () => (chat.channel(channel).length > 0 ? chat.channel(channel) : null), 30_000, "the alert");
    const run = await finishedRunView(api, runId);
    expect(run.status).toBe("failed");
    expect(msg.body).toEqual({
      text: expect.stringMatching(new RegExp(`^${name} failed at step 3 \\(Code Execution "Check disk"\\): .*disk C: is full on srv-01\\b`)),
      workspace: "Provider A",
      workflow: name,
      runId,
      failedStep: { number: 3, kind: "code", name: "Check disk" },
      error: expect.stringContaining("disk C: is full on srv-01"),
      // PUBLIC_URL's link (the worker's; the test server gives it none, so the default) to the run.
      url: expect.stringMatching(new RegExp(`^http://localhost:3000/w/${t.providerA.id}/runs\\?q=${runId}$`)),
    });
    expect(run.steps[1].output).toEqual({ note: "output-of-step-2" });
    expect(JSON.stringify(msg.body)).not.toContain("output-of-step-2");
    await alertJobsDone([runId]);
    expect(chat.channel(channel)).toHaveLength(1);
    const view = (await api.get(alertsPath())).body;
    expect(view.last).toMatchObject({ outcome: "sent", status: 200 });
  });

  it("a test run that fails sends none", async () => {
    const channel = `ops-${uniq()}`;
    await alertTo(channel);
    const wf = await failingLiveWorkflow(`Tested ${uniq()}`);
    const test = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" });
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    const run = await finishedRunView(api, test.body.run.id);
    expect(run.status).toBe("failed");
    // A live failure after it, on the same channel: its alert arrives, and is the only one.
    await deliver(wf.url);
    const runs = await failedRuns(wf.id, 2);
    const live = runs.find((id) => id !== run.id)!;
    await eventually(async () => chat.channel(channel).length > 0, 30_000, "the live run's alert");
    await alertJobsDone([live]);
    expect(chat.channel(channel).map((m) => (m.body as Json).runId)).toEqual([live]);
  });

  it("a storm of 5 failures sends 1 alert; the next after the window says how many more failed", async () => {
    const channel = `ops-${uniq()}`;
    await alertTo(channel);
    const wf = await failingLiveWorkflow(`Storm ${uniq()}`);
    for (let i = 0; i < 5; i++) await deliver(wf.url);
    const runs = await failedRuns(wf.id, 5);
    await alertJobsDone(runs);
    expect(chat.channel(channel)).toHaveLength(1);
    // The window (FAILURE_ALERT_WINDOW_SECONDS, 10 minutes) has passed: as if the alert were sent 11 minutes ago.
    await db().failureAlertWindow.update({ where: { workflowId: wf.id }, data: { sentAt: new Date(Date.now() - 11 * 60_000) } });
    await deliver(wf.url);
    const after = await failedRuns(wf.id, 6);
    await alertJobsDone(after);
    const msgs = chat.channel(channel);
    expect(msgs).toHaveLength(2);
    expect(msgs[1].text).toMatch(/ \(and 4 more failures since\)$/);
  });

  it("never answers the URL: host and a masked path only", async () => {
    const channel = `T0AB-secret-${uniq()}`;
    const url = await alertTo(channel);
    const host = new URL(url).host;
    const answers = [
      await api.put(alertsPath(), { enabled: false }),
      await api.get(alertsPath()),
      await as(t.viewer).get(alertsPath()),
      await api.post(`${alertsPath()}/test`),
    ];
    for (const a of answers) expect(JSON.stringify(a.body)).not.toContain(channel);
    expect(answers[1].body).toMatchObject({ configured: true, enabled: false, host, maskedPath: "/hooks/••••" });
    expect(answers[3].body).toEqual({ sent: true, status: 200, error: null });
    expect(chat.channel(channel)).toHaveLength(1);
    const stored = await db().failureAlertSetting.findUniqueOrThrow({ where: { workspaceId: t.providerA.id } });
    expect(stored.urlEncrypted).not.toContain(channel);
  });

  it("the SSRF guard refuses a private address the allow-list does not hold", async () => {
    // 127.0.0.0/8 is allowed in tests (HTTP_ALLOWED_PRIVATE_RANGES), 10.0.0.0/8 is not.
    expect((await api.put(alertsPath(), { url: `http://10.20.30.40/hooks/${uniq()}` })).status).toBe(200);
    const res = await api.post(`${alertsPath()}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sent: false, status: null, error: expect.stringContaining("SSRF guard") });
    expect((await api.get(alertsPath())).body.last).toMatchObject({ outcome: "failed", status: null });
    await alertTo(`ops-${uniq()}`);
    expect((await api.post(`${alertsPath()}/test`)).body).toMatchObject({ sent: true, status: 200 });
  });

  it("a viewer reads but does not change; another tenant gets 404", async () => {
    await alertTo(`ops-${uniq()}`);
    const viewer = as(t.viewer);
    expect((await viewer.get(alertsPath())).status).toBe(200);
    expect((await viewer.put(alertsPath(), { url: chat.webhookUrl("x") })).status).toBe(403);
    expect((await viewer.post(`${alertsPath()}/test`)).status).toBe(403);
    const outsider = apiClient(web.baseUrl, t.outsider.token);
    expect((await outsider.get(alertsPath())).status).toBe(404);
    expect((await outsider.put(alertsPath(), { url: chat.webhookUrl("x") })).status).toBe(404);
    expect((await outsider.post(`${alertsPath()}/test`)).status).toBe(404);
  });

  it("a SECRET_KEY rotation re-encrypts the saved URL (rolled back here)", async () => {
    const url = await alertTo(`ops-${uniq()}`);
    const to = randomBytes(32);
    const rolledBack = new Error("roll back");
    await expect(
      db().$transaction(async (tx) => {
        const result = await rotateSecretKey({ tx, from: env().SECRET_KEY, to });
        expect(result.failureAlertUrls).toBeGreaterThanOrEqual(1);
        const row = await tx.failureAlertSetting.findUniqueOrThrow({ where: { workspaceId: t.providerA.id } });
        expect(decryptSecret(row.urlEncrypted, to)).toBe(url);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
