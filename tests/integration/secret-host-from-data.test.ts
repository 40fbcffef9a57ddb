// An HTTP Request that sends a workspace secret (`X-Api-Key: {{ secrets.PSA_KEY }}`) to a host a
// delivery makes (`http://{{ 1.callback_host }}/collect`), through the real server and worker:
// whoever posted the delivery received the key. Going Live and saving a Live workflow refuse it
// (409 step_incomplete on the header that holds the secret, saying what to do), and a workflow
// Live from before fails its run naming the reason, the host the delivery named getting nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, createTenancy, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startLocalServer } from "../helpers/local-server";
import { eventually, startWeb, startWorker, type Service, type WebService } from "../helpers/services";

let web: WebService;
let worker: Service;
let api: ApiClient;
let workspaceId: string;
let sink: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  [web, worker, sink] = await Promise.all([
    startWeb(),
    startWorker(),
    startLocalServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    }),
  ]);
  const t = await createTenancy();
  workspaceId = t.providerA.id;
  api = apiClient(web.baseUrl, t.editor.token);
});
afterAll(async () => {
  await Promise.all([web?.stop(), worker?.stop(), sink?.close()]);
});

const KEY = "psa-live-api-key-9902";
const TEMPLATED = "http://{{ 1.callback_host }}/collect";
const WHY =
  "Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data (http://{{ 1.callback_host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names";

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

describe("a secret in an HTTP Request whose host comes from a delivery", () => {
  it("cannot go Live, nor a Live workflow be saved so; one Live from before sends nothing", async () => {
    expect((await api.put(`/api/v1/workspaces/${workspaceId}/variables/PSA_KEY`, { value: KEY, secret: true })).status).toBe(201);
    const steps = (url: string) => [
      { id: "hook", kind: "webhook", name: "Callback request", config: {} },
      { id: "call", kind: "http", name: "Call back", config: { method: "POST", url, headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }], body: { type: "json", json: { ok: true } } } },
    ];
    const created = await api.post(`/api/v1/workspaces/${workspaceId}/workflows`, { name: "Call back with key", steps: steps(TEMPLATED) });
    expect(created.status, JSON.stringify(created.body)).toBe(201); // a Draft saves it
    const id = created.body.id as string;

    const refusal = {
      error: "step_incomplete",
      message: `step 2 (HTTP Request): ${WHY}; write the host in the URL, or take it from a variable or secret; fill it in, or keep the workflow in Draft`,
      step: 2,
      stepId: "call",
      field: "headers.0.value",
    };
    const live = await api.post(`/api/v1/workflows/${id}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject(refusal);

    // The host written in the step: Live, and the key goes there.
    const written = await api.put(`/api/v1/workflows/${id}`, { name: "Call back with key", steps: steps(`${sink.url}/collect`) });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const wentLive = await api.post(`/api/v1/workflows/${id}/live`);
    expect(wentLive.status, JSON.stringify(wentLive.body)).toBe(200);
    const ok = await deliver(wentLive.body.webhookUrl as string, id, {});
    expect(ok.status, JSON.stringify(ok.steps)).toBe("succeeded");
    expect(sink.requests.map((r) => r.headers["x-api-key"])).toEqual([KEY]);

    // Saving the Live workflow back to the templated host is refused as going Live is.
    const save = await api.put(`/api/v1/workflows/${id}`, { name: "Call back with key", steps: steps(TEMPLATED) });
    expect(save.status).toBe(409);
    expect(save.body).toMatchObject(refusal);

    // A workflow Live from before this rule (its steps as stored then): the run fails at the step,
    // naming why, and the host the delivery named gets nothing.
    await db().workflow.update({ where: { id }, data: { steps: steps(TEMPLATED) } });
    const run = await deliver(wentLive.body.webhookUrl as string, id, { callback_host: `127.0.0.1:${sink.port}` });
    expect(run.status).toBe("failed");
    const step = (run.steps as { number: number; status: string; error: string | null }[]).find((s) => s.number === 2);
    expect(step).toMatchObject({ status: "failed", error: `${WHY}; nothing was sent: write the host in the URL, or take it from a variable or secret` });
    expect(sink.requests).toHaveLength(1);
  }, 120_000);
});
