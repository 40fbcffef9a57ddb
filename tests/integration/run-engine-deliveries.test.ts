// The engine's step kinds through the whole product path: a workflow saved through the API
// (references checked at save), switched Live, a real POST to its webhook URL, and the run
// read back with GET /api/v1/runs/{id}.
import { describe, expect, it } from "vitest";
import { type Json } from "../helpers/api-fixtures";
import { eventually } from "../helpers/services";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer({ worker: true });

const steps = [
  { id: "hook", kind: "webhook", name: "Alert", config: {} },
  { id: "parse", kind: "parse_json", name: "Parse AI answer", config: { input: "{{ 1.answer }}" } },
  {
    id: "calc",
    kind: "transform",
    name: "Figures",
    config: { fields: [{ name: "freeGb", expression: "$round({{ 1.disk.freeBytes }} / 1e9, 1)" }, { name: "hosts", expression: "$count({{ 2.iocs }})" }] },
  },
  { id: "sum", kind: "summarize", name: "By site", config: { input: "{{ 1.devices }}", groupBy: ["site"], aggregates: [{ name: "devices", op: "count" }] } },
  {
    id: "route",
    kind: "conditions",
    name: "Severity",
    config: {
      branches: [
        { id: "seen", name: "Already seen", rules: [{ left: "{{ 1.eventId }}", op: "in_list", right: "evt-0, evt-1" }], target: "stop" },
        { id: "crit", name: "Critical", match: "any", rules: [{ left: "{{ 2.severity }}", op: "equals", right: "Critical" }, { left: "{{ 3.freeGb }}", op: "lt", right: 1 }], target: "pause" },
      ],
      otherwise: { target: "ticket" },
    },
  },
  { id: "pause", kind: "wait", name: "Give the script time", config: { mode: "duration", seconds: 1 } },
  { id: "escalate", kind: "transform", name: "Escalate", config: { fields: [{ name: "text", expression: '"Escalate {{ 1.host }}: " & {{ 2.severity }}' }] } },
  { id: "ticket", kind: "transform", name: "Ticket", config: { fields: [{ name: "text", expression: '"Review {{ 1.host }}"' }] } },
];

async function deliver(url: string, payload: unknown): Promise<Json> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const list = await api.get(`/api/v1/workflows/${workflowId}/runs?limit=100`);
    const fresh = (list.body.runs as { id: string }[]).find((r) => !seen.has(r.id));
    if (!fresh) return null;
    const run = await api.get(`/api/v1/runs/${fresh.id}`);
    if (!["succeeded", "failed", "stopped"].includes(run.body.status)) return null;
    seen.add(fresh.id);
    return run.body;
  }, 20_000, "the delivery's run to finish");
}

let workflowId: string;
const seen = new Set<string>();

describe("run engine through real deliveries", () => {
  it("rejects a reference to a later step when saving, naming step and field", async () => {
    const bad = structuredClone(steps);
    (bad[2].config as { fields: { expression: string }[] }).fields[0].expression = "{{ 4.groups }}";
    const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "bad refs", steps: bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("step 3 (Data Transformation): fields.0.expression: {{ 4.groups }} refers to step 4, which comes after step 3");
  });

  it("runs parse_json, transform, summarize, conditions and wait on a delivered payload", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "disk alert", steps });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    workflowId = created.body.id;
    const live = await api.post(`/api/v1/workflows/${workflowId}/live`);
    expect(live.status).toBe(200);
    const url = live.body.webhookUrl as string;
    const payload = {
      eventId: "evt-9",
      host: "srv-01",
      disk: { freeBytes: 734_003_200 },
      answer: 'Summary:\n```json\n{"severity": "Critical", "iocs": ["1.2.3.4", "5.6.7.8"]}\n```',
      devices: [{ site: "HQ" }, { site: "Branch" }, { site: "HQ" }],
    };

    const critical = await deliver(url, payload);
    expect(critical.status).toBe("succeeded");
    expect(critical.trigger).toEqual(payload);
    expect(critical.steps.map((s: Json) => `${s.number}:${s.status}`)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:succeeded", "8:skipped"]);
    expect(critical.steps[2].output).toEqual({ freeGb: 0.7, hosts: 2 });
    expect(critical.steps[3].output.groups).toEqual([{ site: "HQ", devices: 2 }, { site: "Branch", devices: 1 }]);
    expect(critical.steps[4].output).toEqual({ branch: "crit", name: "Critical", matched: true });
    expect(critical.steps[6].output).toEqual({ text: "Escalate srv-01: Critical" });

    const low = await deliver(url, { ...payload, disk: { freeBytes: 50e9 }, answer: '{"severity": "Low", "iocs": []}' });
    expect(low.steps.map((s: Json) => s.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "succeeded", "skipped", "skipped", "succeeded"]);
    expect(low.steps[7].output).toEqual({ text: "Review srv-01" });

    const duplicate = await deliver(url, { ...payload, eventId: "evt-1" });
    expect(duplicate.status).toBe("stopped");
    expect(duplicate.steps.slice(5).map((s: Json) => s.status)).toEqual(["skipped", "skipped", "skipped"]);

    const broken = await deliver(url, { ...payload, answer: "Sorry, I cannot help with that." });
    expect(broken.status).toBe("failed");
    expect(broken.error).toMatch(/^step 2 \(Parse JSON "Parse AI answer"\): the text is not valid JSON: line 1, column 1: /);
  });

  it("reads back a 64-bit id exactly, as the trigger and as step 1's output; steps compute with it as a number", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "big ids",
      steps: [
        { kind: "webhook", config: {} },
        { kind: "transform", config: { fields: [{ name: "next", expression: "{{ 1.id }} + 1" }] } },
      ],
    });
    const url = (await api.post(`/api/v1/workflows/${created.body.id}/live`)).body.webhookUrl as string;
    const posted = '{"id":9007199254740993,"ids":[12345678901234567890123],"small":7}';
    expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: posted })).status).toBe(202);
    const text = await eventually(async () => {
      const list = await api.get(`/api/v1/workflows/${created.body.id}/runs`);
      const id = list.body.runs[0]?.id;
      if (!id || list.body.runs[0].status !== "succeeded") return null;
      return (await fetch(`${web.baseUrl}/api/v1/runs/${id}`, { headers: { authorization: `Bearer ${t.editor.token}` } })).text();
    }, 20_000, "the run to finish");
    expect(text).toContain(`"trigger":${posted}`);
    expect(text).toContain(`"output":${posted}`);
    expect(text).toContain('"output":{"next":9007199254740992}'); // doubles inside steps
  });
});
