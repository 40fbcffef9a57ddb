// A technician tests with a real 64-bit ticket or device id: Testing data holding
// 9007199254740993 is saved, read back and tested as typed, as a live delivery keeps every digit.
// It was read with JSON.parse on the way in and out, so the save, the next read and the test
// run's trigger all held 9007199254740992: another id.
import { describe, expect, it } from "vitest";
import { parseExactJson } from "@/lib/json/parse-exact-json";
import { textCall, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, web, api } = startTestServer({ worker: true });

const BIG = "9007199254740993";
// As a technician pastes it: keys in their order (words; see README on keys that are whole numbers).
const PAYLOAD = `{"zulu":1,"ticketId":${BIG},"device":{"serial":-9223372036854775808,"name":"PC-1"},"ids":[${BIG},12345678901234567890],"text":"${BIG}"}`;

const call = (method: string, path: string, body?: string) => textCall(web.baseUrl, t.editor.token, method, path, body);

const testingDataOf = (text: string) => JSON.stringify((parseExactJson(text) as { steps: { config: { testingData: unknown } }[] }).steps[0].config.testingData);

async function finished(runId: string): Promise<string> {
  return eventually(
    async () => {
      const r = await call("GET", `/api/v1/runs/${runId}`);
      const status = (JSON.parse(r.text) as { status: string }).status;
      return ["succeeded", "failed", "stopped"].includes(status) ? r.text : null;
    },
    30_000,
    `run ${runId} to finish`,
  );
}

describe("Testing data with a 64-bit id", () => {
  it("is saved, read back and tested exactly as typed (PUT, GET, Run step on the trigger)", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Exact ids", steps: [{ kind: "webhook", config: {} }] });
    expect(created.status).toBe(201);
    const { id, steps } = created.body as { id: string; steps: { id: string }[] };

    const put = await call("PUT", `/api/v1/workflows/${id}`, `{"name":"Exact ids","steps":[{"id":"${steps[0].id}","kind":"webhook","config":{"testingData":${PAYLOAD}}}]}`);
    expect(put.status, put.text).toBe(200);
    expect(testingDataOf(put.text)).toBe(PAYLOAD);

    const read = await call("GET", `/api/v1/workflows/${id}`);
    expect(testingDataOf(read.text)).toBe(PAYLOAD);

    // Run step on the trigger: the run's trigger and step 1's output are the data as typed.
    const test = await api.post(`/api/v1/workflows/${id}/steps/1/test`);
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    const run = parseExactJson(await finished((test.body as { run: { id: string } }).run.id)) as { status: string; trigger: unknown; steps: { number: number; output: unknown }[] };
    expect(run.status).toBe("succeeded");
    expect(JSON.stringify(run.trigger)).toBe(PAYLOAD);
    expect(JSON.stringify(run.steps.find((s) => s.number === 1)?.output)).toBe(PAYLOAD);

    // A save of what was read, and a rename that keeps the steps, keep it too.
    const again = await call("PUT", `/api/v1/workflows/${id}`, read.text);
    expect(again.status, again.text).toBe(200);
    expect((await call("PUT", `/api/v1/workflows/${id}`, '{"name":"Exact ids, renamed"}')).status).toBe(200);
    expect(testingDataOf((await call("GET", `/api/v1/workflows/${id}`)).text)).toBe(PAYLOAD);
  });

  it("is created so too, and a step test after the trigger gets the same trigger", async () => {
    const body = `{"name":"Exact ids, later step","steps":[{"kind":"webhook","config":{"testingData":${PAYLOAD}}},{"kind":"transform","config":{"fields":[{"name":"t","expression":"{{ 1.text }}"}]}}]}`;
    const created = await call("POST", `/api/v1/workspaces/${t.providerA.id}/workflows`, body);
    expect(created.status, created.text).toBe(201);
    expect(testingDataOf(created.text)).toBe(PAYLOAD);
    const id = (JSON.parse(created.text) as { id: string }).id;

    const whole = await api.post(`/api/v1/workflows/${id}/steps/1/test`, { scope: "workflow" });
    expect(JSON.parse(await finished((whole.body as { run: { id: string } }).run.id)).status).toBe("succeeded");
    const step2 = await call("POST", `/api/v1/workflows/${id}/steps/2/test`);
    expect(step2.status, step2.text).toBe(201);
    // The answer already shows the copied trigger and step 1 exactly, as GET /runs/{id} does.
    const answered = parseExactJson(step2.text) as { run: { id: string; trigger: unknown; steps: { number: number; output: unknown }[] } };
    expect(JSON.stringify(answered.run.trigger)).toBe(PAYLOAD);
    expect(JSON.stringify(answered.run.steps.find((s) => s.number === 1)?.output)).toBe(PAYLOAD);
    const run = parseExactJson(await finished(answered.run.id)) as { trigger: unknown; steps: { number: number; output: unknown }[] };
    expect(JSON.stringify(run.trigger)).toBe(PAYLOAD);
    expect(JSON.stringify(run.steps.find((s) => s.number === 1)?.output)).toBe(PAYLOAD);
  });

  it("reaches a client's pushed copy as typed", async () => {
    const created = await call("POST", `/api/v1/workspaces/${t.providerA.id}/workflows`, `{"name":"Exact ids, pushed","steps":[{"kind":"webhook","config":{"testingData":${PAYLOAD}}}]}`);
    const id = (JSON.parse(created.text) as { id: string }).id;
    const pushed = await api.post(`/api/v1/workflows/${id}/push`, { targetWorkspaceId: t.clientA1.id, sampleData: "keep" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copyId = (pushed.body as { copy: { id: string } }).copy.id;
    expect(testingDataOf((await call("GET", `/api/v1/workflows/${copyId}`)).text)).toBe(PAYLOAD);
  });

  it("is the only place a number is kept so: elsewhere in a save it is checked as a number", async () => {
    const res = await call(
      "POST",
      `/api/v1/workspaces/${t.providerA.id}/workflows`,
      '{"name":"Exact ids, http","steps":[{"kind":"webhook","config":{}},{"kind":"http","config":{"url":"https://example.com","timeoutMs":90071992547409930}}]}',
    );
    expect(res.status).toBe(400);
    // As a double (zod's whole numbers stop at 2^53), not "expected number, received object".
    expect((JSON.parse(res.text) as Json).message).toBe("step 2 (HTTP Request): timeoutMs: must be a whole number of milliseconds");
  });
});
