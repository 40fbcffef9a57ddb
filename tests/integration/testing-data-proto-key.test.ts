// A key named "__proto__" (or "constructor") is data like any other: Testing data saved with one
// reads back with it, as an own field, and a Test & Debug run sees the same data a live delivery
// of the same payload does (a delivery always kept it as a plain field).
import { describe, expect, it } from "vitest";
import { createWorkflow } from "@/lib/workflows/create-workflow";
import { db } from "@/lib/db/client";
import { parseWorkflowInput } from "@/lib/workflows/parse-workflow-input";
import { eventually } from "../helpers/services";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer({ worker: true });

// Parsed from text: in a JavaScript literal "__proto__" would set the prototype instead.
// A nested "$type" object is data too (Prisma has tagged values of that shape).
const PAYLOAD = '{"__proto__":{"p":1},"constructor":{"c":2},"ticket":7,"n":{"$type":"BigInt","value":"5"}}';
const own = (o: unknown, k: string) => Object.prototype.hasOwnProperty.call(o, k);

async function runTrigger(runId: string): Promise<unknown> {
  const run = await eventually(async () => {
    const r = await api.get(`/api/v1/runs/${runId}`);
    return r.body.status === "succeeded" ? r.body : null;
  }, 30_000, "the run to succeed");
  return (run.steps as { number: number; output: unknown }[])[0].output;
}

describe('Testing data with a "__proto__" key', () => {
  it("reads back with it, stored as such", async () => {
    const body = JSON.parse(`{"name":"Proto keys","steps":[{"kind":"webhook","config":{"testingData":${PAYLOAD}}}]}`);
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await api.get(`/api/v1/workflows/${created.body.id}`);
    const testingData = (read.body.steps as { config: { testingData: unknown } }[])[0].config.testingData;
    expect(own(testingData, "__proto__")).toBe(true);
    expect(JSON.stringify(testingData)).toBe(PAYLOAD);

    // A save of what was read (PUT) keeps it too.
    const put = await api.put(`/api/v1/workflows/${created.body.id}`, JSON.parse(`{"name":"Proto keys","steps":[{"id":"${read.body.steps[0].id}","kind":"webhook","config":{"testingData":${PAYLOAD}}}]}`));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const reread = await api.get(`/api/v1/workflows/${created.body.id}`);
    expect(JSON.stringify((reread.body.steps as { config: { testingData: unknown } }[])[0].config.testingData)).toBe(PAYLOAD);

    // The same through lib, read straight from the row.
    const input = parseWorkflowInput(body, { creating: true });
    const view = await createWorkflow({ workspaceId: t.providerA.id, userId: t.editor.id, input });
    const row = await db().workflow.findUniqueOrThrow({ where: { id: view.id } });
    expect(JSON.stringify((row.steps as { config: { testingData: unknown } }[])[0].config.testingData)).toBe(PAYLOAD);
  });

  it("gives a test run the same data as a live delivery", async () => {
    const body = JSON.parse(`{"name":"Proto runs","steps":[{"kind":"webhook","config":{"testingData":${PAYLOAD}}}]}`);
    const { id } = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, body)).body as { id: string };
    const test = (await api.post(`/api/v1/workflows/${id}/steps/1/test`, { scope: "workflow" })).body as { run: { id: string } };
    const tested = await runTrigger(test.run.id);

    const { webhookUrl } = (await api.post(`/api/v1/workflows/${id}/live`)).body as { webhookUrl: string };
    const res = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: PAYLOAD });
    expect(res.status).toBe(202);
    const runs = await eventually(async () => {
      const list = (await api.get(`/api/v1/workflows/${id}/runs`)).body.runs as { id: string; test: boolean }[];
      return list.find((r) => !r.test);
    }, 30_000, "the delivery's run");
    const live = await runTrigger(runs.id);
    expect(JSON.stringify(tested)).toBe(JSON.stringify(live));
    expect(JSON.stringify(live)).toBe(PAYLOAD);
  });

  it("keeps it in the copy pushed to a client", async () => {
    const body = JSON.parse(`{"name":"Proto push","steps":[{"kind":"webhook","config":{"testingData":${PAYLOAD}}}]}`);
    const { id } = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, body)).body as { id: string };
    const pushed = await api.post(`/api/v1/workflows/${id}/push`, { targetWorkspaceId: t.clientA1.id, sampleData: "keep" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copy = await api.get(`/api/v1/workflows/${(pushed.body.copy as { id: string }).id}`);
    expect(JSON.stringify((copy.body.steps as { config: { testingData: unknown } }[])[0].config.testingData)).toBe(PAYLOAD);
  });
});
