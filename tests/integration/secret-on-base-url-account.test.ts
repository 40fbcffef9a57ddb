// A secret in an HTTP Request whose host a delivery makes, on a step whose account has a base URL,
// through the real server and worker: the request goes to the account's origin only, so the
// workflow goes Live, a run whose delivery names that host sends the secret there, and one that
// names another host fails before sending. On an account without a base URL going Live is still
// refused (409 step_incomplete, by the account's own rule).
import { expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startLocalServer } from "../helpers/local-server";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

const KEY = "psa-live-api-key-4410";

async function deliver(url: string, workflowId: string, payload: unknown): Promise<Json> {
  const before = ((await api.get(`/api/v1/workflows/${workflowId}/runs?limit=1`)).body.runs as { id: string }[])[0]?.id;
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const [latest] = (await api.get(`/api/v1/workflows/${workflowId}/runs?limit=1`)).body.runs as { id: string }[];
    if (!latest || latest.id === before) return null;
    const run = await api.get(`/api/v1/runs/${latest.id}`);
    return ["succeeded", "failed", "stopped"].includes(run.body.status) ? run.body : null;
  }, 30_000, "the delivery's run to finish");
}

it("a secret goes Live on an account with a base URL, and reaches that origin only", async () => {
  const ok = () => (req: unknown, res: { writeHead: (s: number, h: Record<string, string>) => void; end: (b: string) => void }) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  };
  const [psa, other] = await Promise.all([startLocalServer(ok()), startLocalServer(ok())]);
  try {
    expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/PSA_KEY`, { value: KEY, secret: true })).status).toBe(201);
    const account = async (name: string, baseUrl: string | null) => {
      const r = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "http", name, authKind: "none", ...(baseUrl ? { baseUrl } : {}), credentials: {} });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.connection.id as string;
    };
    const steps = (connectionId: string) => [
      { id: "hook", kind: "webhook", name: "Callback request", config: {} },
      { id: "call", kind: "http", name: "Call back", config: { method: "POST", url: "http://{{ 1.host }}/collect", connectionId, headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }] } },
    ];

    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "PSA account", steps: steps(await account("PSA", psa.url)) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const live = await api.post(`/api/v1/workflows/${id}/live`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);

    const sent = await deliver(live.body.webhookUrl as string, id, { host: `127.0.0.1:${psa.port}` });
    expect(sent.status, JSON.stringify(sent.steps)).toBe("succeeded");
    expect(psa.requests.map((r) => [r.url, r.headers["x-api-key"]])).toEqual([["/collect", KEY]]);

    const elsewhere = await deliver(live.body.webhookUrl as string, id, { host: `127.0.0.1:${other.port}` });
    expect(elsewhere.status).toBe("failed");
    const step = (elsewhere.steps as { number: number; error: string | null }[]).find((s) => s.number === 2);
    expect(step?.error).toMatch(/^the URL's host 127\.0\.0\.1:\d+ is not the account's/);
    expect(other.requests).toEqual([]);
    expect(psa.requests).toHaveLength(1);

    const generic = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Generic account", steps: steps(await account("Generic", null)) });
    expect(generic.status, JSON.stringify(generic.body)).toBe(201);
    const refused = await api.post(`/api/v1/workflows/${generic.body.id as string}/live`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "step_incomplete", message: expect.stringMatching(/"Generic" has no base URL/) });
  } finally {
    await Promise.all([psa.close(), other.close()]);
  }
}, 120_000);
