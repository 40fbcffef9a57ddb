// An HTTP Request whose host comes from a delivery (`http://{{ 1.callback_host }}/collect`) and
// which carries something of the workspace's — an account without a base URL, or a secret in a
// header — through the real server and worker: whoever posted the delivery received the
// account's token or the secret. Going Live and saving a Live workflow refuse it (409
// step_incomplete on the field that carries it, saying what to do); with the host written in the
// step it goes Live and the credential goes there; a workflow Live from before fails its run
// naming the reason, the host the delivery named getting nothing.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type { Json } from "../helpers/api-fixtures";
import { startLocalServer } from "../helpers/local-server";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

const TEMPLATED = "http://{{ 1.callback_host }}/collect";

async function deliver(url: string, workflowId: string, payload: unknown): Promise<Json> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const [latest] = (await api.get(`/api/v1/workflows/${workflowId}/runs?limit=1`)).body.runs as { id: string }[];
    if (!latest) return null;
    const run = await api.get(`/api/v1/runs/${latest.id}`);
    return ["succeeded", "failed", "stopped"].includes(run.body.status) ? run.body : null;
  }, 30_000, "the delivery's run to finish");
}

type Case = {
  what: string;
  name: string;
  /** Makes what the step carries (an account, a secret) and returns the step's config for `url`. */
  prepare: () => Promise<(url: string) => Record<string, unknown>>;
  field: string;
  /** The 409's message, after "step 2 (HTTP Request): ". */
  refused: string;
  /** The failed step's error, for a workflow Live from before the rule. */
  failed: string;
  /** What the receiving server saw carry the credential, for a host written in the step. */
  carried: (headers: Record<string, string | string[] | undefined>) => unknown;
  expected: string;
};

const TOKEN = "psa-live-token-7731";
const KEY = "psa-live-api-key-9902";
const ACCOUNT_WHY =
  'the URL\'s host comes from a run\'s data (http://{{ 1.callback_host }}), and "PSA token" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step\'s output names';
const SECRET_WHY =
  "Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data (http://{{ 1.callback_host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names";

const CASES: Case[] = [
  {
    what: "an account without a base URL",
    name: "Call back",
    prepare: async () => {
      const account = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "http", name: "PSA token", authKind: "bearer", credentials: { token: TOKEN } });
      expect(account.status, JSON.stringify(account.body)).toBe(201);
      const connectionId = account.body.connection.id as string;
      return (url) => ({ method: "POST", url, connectionId, body: { type: "json", json: { ok: true } } });
    },
    field: "connectionId",
    refused: `Account: ${ACCOUNT_WHY}; give the account a base URL (the host it is for), or write the host in the URL, or keep the workflow in Draft`,
    failed: `${ACCOUNT_WHY.replace('and "PSA token"', 'and account "PSA token"')}; nothing was sent: give the account a base URL (the host it is for), or write the host in the URL`,
    carried: (h) => h.authorization,
    expected: `Bearer ${TOKEN}`,
  },
  {
    what: "a secret in a header",
    name: "Call back with key",
    prepare: async () => {
      expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/PSA_KEY`, { value: KEY, secret: true })).status).toBe(201);
      return (url) => ({ method: "POST", url, headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }], body: { type: "json", json: { ok: true } } });
    },
    field: "headers.0.value",
    refused: `${SECRET_WHY}; write the host in the URL, or take it from a variable or secret; fill it in, or keep the workflow in Draft`,
    failed: `${SECRET_WHY}; nothing was sent: write the host in the URL, or take it from a variable or secret`,
    carried: (h) => h["x-api-key"],
    expected: KEY,
  },
];

describe.each(CASES)("an HTTP Request whose host comes from a delivery, with $what", (c) => {
  it("cannot go Live, nor a Live workflow be saved so; one Live from before sends nothing", async () => {
    const sink = await startLocalServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
    try {
      const config = await c.prepare();
      const steps = (url: string) => [
        { id: "hook", kind: "webhook", name: "Callback request", config: {} },
        { id: "call", kind: "http", name: "Call back", config: config(url) },
      ];
      const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: c.name, steps: steps(TEMPLATED) });
      expect(created.status, JSON.stringify(created.body)).toBe(201); // a Draft saves it
      const id = created.body.id as string;

      const refusal = { error: "step_incomplete", message: `step 2 (HTTP Request): ${c.refused}`, step: 2, stepId: "call", field: c.field };
      const live = await api.post(`/api/v1/workflows/${id}/live`);
      expect(live.status).toBe(409);
      expect(live.body).toMatchObject(refusal);

      // The host written in the step: Live, and the credential goes there.
      const written = await api.put(`/api/v1/workflows/${id}`, { name: c.name, steps: steps(`${sink.url}/collect`) });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      const wentLive = await api.post(`/api/v1/workflows/${id}/live`);
      expect(wentLive.status, JSON.stringify(wentLive.body)).toBe(200);
      const ok = await deliver(wentLive.body.webhookUrl as string, id, {});
      expect(ok.status, JSON.stringify(ok.steps)).toBe("succeeded");
      expect(sink.requests.map((r) => c.carried(r.headers))).toEqual([c.expected]);

      // Saving the Live workflow back to the templated host is refused as going Live is.
      const save = await api.put(`/api/v1/workflows/${id}`, { name: c.name, steps: steps(TEMPLATED) });
      expect(save.status).toBe(409);
      expect(save.body).toMatchObject(refusal);

      // A workflow Live from before the rule (its steps as stored then): the run fails at the
      // step, naming why, and the host the delivery named gets nothing.
      await db().workflow.update({ where: { id }, data: { steps: steps(TEMPLATED) as Prisma.InputJsonValue } });
      const run = await deliver(wentLive.body.webhookUrl as string, id, { callback_host: `127.0.0.1:${sink.port}` });
      expect(run.status).toBe("failed");
      const step = (run.steps as { number: number; status: string; error: string | null }[]).find((s) => s.number === 2);
      expect(step).toMatchObject({ status: "failed", error: c.failed });
      expect(sink.requests).toHaveLength(1);
    } finally {
      await sink.close();
    }
  }, 120_000);
});
