// A number beyond the double range (±1.8e308: 1e400, -1e400, 1e999999) in a delivery or in
// Testing data. JSON.parse makes it ±Infinity, which JSON.stringify writes as null: the delivery
// was answered 202 and its run showed {"n":null} as the trigger and step 1's output, and Testing
// data was saved and read back as null (found by QA). Such a number is kept as written, as a 64-bit
// id is; steps compute with the double it rounds to, ±Infinity. Where it cannot be kept (a
// setting other than Testing data, which is a double) the save is a 400 naming the field.
import { describe, expect, it } from "vitest";
import { parseExactJson } from "@/lib/json/parse-exact-json";
import { textCall, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, web, api } = startTestServer({ worker: true });

const PAYLOAD = '{"n":1e400,"neg":-1e400,"huge":1E+999999,"id":9007199254740993,"ok":7}';
// What a Code step sees: the doubles, ±Infinity, as a 64-bit id is the double it rounds to.
const CODE = "return { n: steps[1].n, positive: steps[1].n === Infinity, negative: steps[1].neg === -Infinity, huge: steps[1].huge === Infinity, id: steps[1].id };";

const call = (method: string, path: string, body?: string) => textCall(web.baseUrl, t.editor.token, method, path, body);

type RunText = { status: string; trigger: unknown; steps: { number: number; status: string; output: unknown; error: string | null }[] };

async function finished(runId: string): Promise<RunText> {
  const text = await eventually(
    async () => {
      const r = await call("GET", `/api/v1/runs/${runId}`);
      return ["succeeded", "failed", "stopped"].includes((JSON.parse(r.text) as { status: string }).status) ? r.text : null;
    },
    30_000,
    `run ${runId} to finish`,
  );
  return parseExactJson(text) as RunText;
}

const step = (run: RunText, n: number) => run.steps.find((s) => s.number === n)!;

async function liveWorkflow(name: string, steps: unknown[]): Promise<{ id: string; url: string }> {
  const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name, steps });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const live = await api.post(`/api/v1/workflows/${created.body.id}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return { id: created.body.id, url: live.body.webhookUrl };
}

async function deliver(w: { id: string; url: string }, body: string): Promise<RunText> {
  const res = await fetch(w.url, { method: "POST", headers: { "content-type": "application/json" }, body });
  expect(res.status).toBe(202);
  const runId = await eventually(async () => (await api.get(`/api/v1/workflows/${w.id}/runs`)).body.runs[0]?.id ?? null, 20_000, "the delivery's run");
  return finished(runId);
}

describe("a delivery with a number beyond the double range", () => {
  it("reads back as posted in the trigger and step 1's output; steps get ±Infinity", async () => {
    const w = await liveWorkflow("Huge numbers", [{ kind: "webhook", config: {} }, { kind: "code", config: { code: CODE } }]);
    const run = await deliver(w, PAYLOAD);
    expect(run.status, JSON.stringify(run)).toBe("succeeded");
    expect(JSON.stringify(run.trigger)).toBe(PAYLOAD);
    expect(JSON.stringify(step(run, 1).output)).toBe(PAYLOAD);
    // n itself is null in the Code step's output: JSON (a step's output) has no spelling for Infinity.
    expect(step(run, 2).output).toEqual({ n: null, positive: true, negative: true, huge: true, id: 9007199254740992 });
  });

  it("stays as posted when a secret in the same payload is masked", async () => {
    expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/HOOK_KEY`, { value: "hk-5b1d9e", secret: true })).status).toBe(201);
    const w = await liveWorkflow("Huge numbers, masked", [{ kind: "webhook", config: {} }]);
    const run = await deliver(w, '{"key":"hk-5b1d9e","n":1e400,"id":9007199254740993}');
    const masked = '{"key":"••••","n":1e400,"id":9007199254740993}';
    expect(JSON.stringify(run.trigger)).toBe(masked);
    expect(JSON.stringify(step(run, 1).output)).toBe(masked);
  });
});

describe("Testing data with a number beyond the double range", () => {
  it("is saved, read back and tested as typed", async () => {
    const created = await call("POST", `/api/v1/workspaces/${t.providerA.id}/workflows`, `{"name":"Huge test data","steps":[{"kind":"webhook","config":{"testingData":${PAYLOAD}}},{"kind":"code","config":{"code":${JSON.stringify(CODE)}}}]}`);
    expect(created.status, created.text).toBe(201);
    const testingData = (text: string) => JSON.stringify((parseExactJson(text) as { steps: { config: { testingData: unknown } }[] }).steps[0].config.testingData);
    expect(testingData(created.text)).toBe(PAYLOAD);
    const id = (JSON.parse(created.text) as { id: string }).id;
    const read = await call("GET", `/api/v1/workflows/${id}`);
    expect(testingData(read.text)).toBe(PAYLOAD);
    // Saved back as read (the editor's save), it stays.
    expect((await call("PUT", `/api/v1/workflows/${id}`, read.text)).status).toBe(200);
    expect(testingData((await call("GET", `/api/v1/workflows/${id}`)).text)).toBe(PAYLOAD);

    const test = await call("POST", `/api/v1/workflows/${id}/steps/1/test`, '{"scope":"workflow"}');
    expect(test.status, test.text).toBe(201);
    // The answer already shows the trigger as typed.
    expect(JSON.stringify((parseExactJson(test.text) as { run: { trigger: unknown } }).run.trigger)).toBe(PAYLOAD);
    const run = await finished((JSON.parse(test.text) as { run: { id: string } }).run.id);
    expect(run.status, JSON.stringify(run)).toBe("succeeded");
    expect(JSON.stringify(run.trigger)).toBe(PAYLOAD);
    expect(JSON.stringify(step(run, 1).output)).toBe(PAYLOAD);
    expect(step(run, 2).output).toEqual({ n: null, positive: true, negative: true, huge: true, id: 9007199254740992 });
  });

  it("does not stop a connection of the workspace from being deleted (1e999999 is beyond PostgreSQL's numeric)", async () => {
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "rmm", name: "RMM beside huge data", credentials: { apiKey: "rmm-key-9" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const saved = await call("POST", `/api/v1/workspaces/${t.providerA.id}/workflows`, '{"name":"Huger test data","steps":[{"kind":"webhook","config":{"testingData":{"x":1e999999}}}]}');
    expect(saved.status, saved.text).toBe(201);
    const gone = await api.del(`/api/v1/connections/${made.body.connection.id}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
  });
});

describe("a number beyond the double range anywhere else in a save", () => {
  it("is a 400 naming the field, not saved as null", async () => {
    const res = await call(
      "POST",
      `/api/v1/workspaces/${t.providerA.id}/workflows`,
      '{"name":"Huge body","steps":[{"kind":"webhook","config":{}},{"kind":"http","config":{"url":"https://example.com","method":"POST","body":{"type":"json","json":{"n":1e400}}}}]}',
    );
    expect(res.status, res.text).toBe(400);
    expect((JSON.parse(res.text) as Json).message).toBe(
      "steps.1.config.body.json.n: is a number beyond ±1.8e308, the largest a number can be here (only a trigger's Testing data keeps such a number as written)",
    );
  });

  it("is a 400 in any other request body too", async () => {
    // Retention is an owner's to set (the role is checked before the body is read): the client's owner sends it.
    const res = await textCall(web.baseUrl, t.clientAdmin.token, "PUT", `/api/v1/workspaces/${t.clientA1.id}/retention`, '{"runDays":1e400}');
    expect(res.status, res.text).toBe(400);
    expect((JSON.parse(res.text) as Json).message).toMatch(/^runDays: is a number beyond ±1\.8e308/);
  });
});
