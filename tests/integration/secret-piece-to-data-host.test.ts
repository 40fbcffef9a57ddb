// A secret carried to a host a delivery names through an earlier step's output, through the real
// server and worker: a Data Transformation takes the key part out of {{ secrets.PSA_CREDS }}
// (`client-id:key`; a piece the output's mask does not know) and an HTTP Request sends
// `{{ 2.token }}` to `http://{{ 1.callback_host }}/collect`. The workflow goes Live (nothing in
// it reads a secret where it sends), but the run fails the step before sending, saying why; the
// host the delivery named gets nothing.
import { expect, it } from "vitest";
import { startLocalServer } from "../helpers/local-server";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

const KEY = "k9XmQ2vL7pR4tZ8wB3nY6cJ1";

it("a run sends nothing that carries a piece of a secret to a host a delivery names", async () => {
  const sink = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  try {
    expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/PSA_CREDS`, { value: `svc-automation:${KEY}`, secret: true })).status).toBe(201);
    const steps = [
      { id: "hook", kind: "webhook", name: "Callback request", config: {} },
      { id: "split", kind: "transform", name: "Key part", config: { fields: [{ name: "token", expression: `$substringAfter({{ secrets.PSA_CREDS }}, ":")` }] } },
      { id: "call", kind: "http", name: "Call back", config: { method: "POST", url: "http://{{ 1.callback_host }}/collect", headers: [{ name: "X-Token", value: "{{ 2.token }}" }] } },
    ];
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Piece to callback", steps });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const live = await api.post(`/api/v1/workflows/${id}/live`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);

    const res = await fetch(live.body.webhookUrl as string, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ callback_host: `127.0.0.1:${sink.port}` }) });
    expect(res.status).toBe(202);
    const run = await eventually(async () => {
      const [latest] = (await api.get(`/api/v1/workflows/${id}/runs?limit=1`)).body.runs as { id: string }[];
      if (!latest) return null;
      const r = await api.get(`/api/v1/runs/${latest.id}`);
      return ["succeeded", "failed", "stopped"].includes(r.body.status) ? r.body : null;
    }, 30_000, "the delivery's run to finish");
    expect(run.status).toBe("failed");
    const step = (run.steps as { number: number; status: string; error: string | null }[]).find((s) => s.number === 3);
    expect(step).toMatchObject({ status: "failed", error: expect.stringMatching(/^header X-Token carries part of secret PSA_CREDS \(12 or more of its characters in a row\), and the URL's host comes from a run's data: .*nothing was sent/) });
    expect(sink.requests).toEqual([]);
  } finally {
    await sink.close();
  }
}, 120_000);
