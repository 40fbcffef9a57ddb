// A misspelt field is a 400 naming it, never dropped in silence: inside a step's config (a
// workflow save, at any depth), and in the bodies of variables, connections and Run step. What a
// GET returns — the webhook secret's {"set"} echo, and keys a stored step already carries — may
// still be sent back.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const webhook = { kind: "webhook", config: { sharedSecret: "s3cret-value", testingData: { a: 1 } } };
const create = (steps: unknown[], name = "Typos") => api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name, steps });

describe("unknown fields in a step's config", () => {
  it("a create with misspelt http settings is a 400 naming step and field", async () => {
    const res = await create([webhook, { id: "call", kind: "http", config: { url: "https://x.example.test", metod: "DELETE", timeoutMS: 500, continueOnErorr: true } }]);
    expect(res.status).toBe(400);
    // `stepId` as in every other invalid_workflow (validate-definition.ts); null for a step sent without one.
    expect(res.body).toEqual({ error: "invalid_workflow", message: expect.stringMatching(/^step 2 \(HTTP Request\): unknown field "config\.metod"/), step: 2, stepId: "call", field: "metod" });
    expect((await create([webhook, { kind: "http", config: { url: "https://x.example.test", metod: "DELETE" } }])).body).toMatchObject({ step: 2, stepId: null, field: "metod" });
  });

  it("names a field nested in the config, and refuses it on PUT too, keeping the stored steps", async () => {
    const bad = { kind: "http", config: { url: "https://x.example.test", method: "POST", body: { type: "json", jsn: { a: 1 } } } };
    expect((await create([webhook, bad])).body).toMatchObject({ error: "invalid_workflow", step: 2, field: "body.jsn" });

    const wf = (await create([webhook, { kind: "http", config: { url: "https://x.example.test" } }])).body;
    const put = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [wf.steps[0], { ...wf.steps[1], config: { ...wf.steps[1].config, headers: [{ name: "a", value: "b", vaule: "c" }] } }] });
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ error: "invalid_workflow", step: 2, stepId: wf.steps[1].id, field: "headers.0.vaule" });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.version).toBe(wf.version);
  });

  it("accepts a GET sent back as is, for every kind of step (the secret's echo included)", async () => {
    const res = await create([
      webhook,
      { id: "code", kind: "code", config: { code: "return { n: 1 };" } },
      { kind: "http", config: { url: "https://x.example.test", method: "POST", headers: [{ name: "h", value: "v" }], body: { type: "json", json: { deep: { any: ["shape"] } } } } },
      { kind: "ai_prompt", config: { prompt: "Hi", jsonSchema: { type: "object", properties: { a: { type: "string" } } }, temperature: 0.2 } },
      { kind: "conditions", config: { branches: [{ id: "b1", name: "High", rules: [{ left: "{{ 1.a }}", op: "gt", right: 2 }], target: "tr" }], otherwise: { target: null } } },
      { id: "tr", kind: "transform", config: { fields: [{ name: "x", expression: "{{ 1.a }}" }] } },
      { kind: "wait", config: { mode: "duration", seconds: 5 } },
      { kind: "summarize", config: { input: "{{ 1.a }}", groupBy: ["k"], aggregates: [{ name: "n", op: "count" }] } },
      { kind: "parse_json", config: { input: "{{ 2.n }}" } },
    ]);
    expect(res.status).toBe(201);
    const read = (await api.get(`/api/v1/workflows/${res.body.id}`)).body;
    expect(read.steps[0].config.sharedSecret).toEqual({ set: true });
    const put = await api.put(`/api/v1/workflows/${read.id}`, read);
    expect(put.status).toBe(200);
    expect(put.body.steps).toEqual(read.steps);

    const sched = await create([{ kind: "scheduler", config: { preset: "hourly", timezone: "UTC" } }], "Scheduled");
    expect(sched.status).toBe(201);
    expect((await api.put(`/api/v1/workflows/${sched.body.id}`, sched.body)).status).toBe(200);
  });

  it("tolerates a key the stored step already carries (sent back from a read), and drops it", async () => {
    const wf = (await create([webhook, { kind: "http", config: { url: "https://x.example.test" } }])).body;
    const row = await db().workflow.findUniqueOrThrow({ where: { id: wf.id } });
    const stored = row.steps as Json[];
    stored[1].config.legacyFlag = true;
    await db().workflow.update({ where: { id: wf.id }, data: { steps: stored } });

    const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect(read.steps[1].config.legacyFlag).toBe(true);
    const put = await api.put(`/api/v1/workflows/${wf.id}`, read);
    expect(put.status).toBe(200);
    expect(put.body.steps[1].config).not.toHaveProperty("legacyFlag");
    // Not a key of another step, though: a new step may not carry it.
    const more = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [...put.body.steps, { kind: "http", config: { url: "https://y.example.test", legacyFlag: true } }] });
    expect(more.body).toMatchObject({ error: "invalid_workflow", step: 3, field: "legacyFlag" });
  });
});

describe("unknown fields in other bodies", () => {
  it("PUT /variables/{key}", async () => {
    const res = await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/TENANT`, { value: "x", foo: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"foo"');
    expect(await db().variable.count({ where: { workspaceId: t.providerA.id, key: "TENANT" } })).toBe(0);
  });

  it("POST /connections and PATCH /connections/{id}", async () => {
    const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "psa", name: "PSA", credentials: { token: "t0k3n-value" }, authKind: "bearer", zzz: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"zzz"');
    const ok = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "psa", name: "PSA", credentials: { token: "t0k3n-value" }, authKind: "bearer" });
    expect(ok.status).toBe(201);
    const patch = await api.patch(`/api/v1/connections/${ok.body.connection.id}`, { nmae: "Renamed" });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toContain('"nmae"');
  });

  it("POST …/steps/{n}/test", async () => {
    const wf = (await create([webhook, { kind: "transform", config: { fields: [{ name: "x", expression: "1" }] } }], "Step test")).body;
    const first = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scop: "workflow" });
    expect(first.status).toBe(400);
    expect(first.body.message).toContain('"scop"');
    const second = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { scop: "workflow" });
    expect(second.status).toBe(400);
    expect(second.body.message).toContain('"scop"');
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);
  });
});

// A misspelt key that stands in for a required one failed as "<the real one>: is required", which
// named a field the caller believed they had sent: the 400 names both.
describe("a misspelt required field", () => {
  it("in a step's config: the 400 names the missing field and the key sent in its place", async () => {
    const res = await create([webhook, { kind: "http", config: { url: "https://x.example.test", headers: [{ name: "a", vaule: "b" }] } }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 2, field: "headers.0.value" });
    expect(res.body.message).toBe("step 2 (HTTP Request): headers.0.value: is required (headers.0.vaule is not a field: did you mean value?)");
  });

  it("in a connection's credentials", async () => {
    const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "psa", name: "PSA typo", authKind: "bearer", credentials: { tokne: "x" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_request",
      message: "credentials.token: is required (auth kind bearer; credentials.tokne is not a field: did you mean token?)",
      field: "credentials.token",
      issues: [{ path: "credentials.token", message: "is required (auth kind bearer; credentials.tokne is not a field: did you mean token?)" }],
    });
  });
});

// README: "A save's 400 names what to fix in `field` and `issues[].path` … as every body's does" —
// these named a field without `issues`, or a step without its `stepId`.
describe("a 400 naming a field carries issues, a step's its stepId", () => {
  it("PUT with the other mode (a Live workflow sent as draft): field and issues name mode", async () => {
    const wf = (await create([webhook], "Mode sent")).body;
    await db().workflow.update({ where: { id: wf.id }, data: { mode: "live" } });
    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: "x", mode: "draft" });
    expect(res.status).toBe(400);
    const problem = "a save does not change it (the workflow is Live); switch it with POST /api/v1/workflows/{id}/live or /draft";
    expect(res.body).toEqual({ error: "invalid_request", message: `mode: ${problem}`, field: "mode", issues: [{ path: "mode", message: problem }] });
    expect((await db().workflow.findUniqueOrThrow({ where: { id: wf.id } })).name).toBe("Mode sent");
  });

  it("a misspelt credential key, on POST and on PATCH: field and issues name it", async () => {
    const conns = `/api/v1/workspaces/${t.providerA.id}/connections`;
    const problem = "unknown field (misspelt?); api_key auth takes apiKey";
    const post = await api.post(conns, { app: "http", name: "Cred typo", authKind: "api_key", credentials: { apiKey: "k-1", tokne: "x" }, config: { headerName: "X-Key" } });
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ error: "invalid_request", message: `credentials.tokne: ${problem}`, field: "credentials.tokne", issues: [{ path: "credentials.tokne", message: problem }] });
    const made = await api.post(conns, { app: "http", name: "Cred ok", authKind: "api_key", credentials: { apiKey: "k-1" }, config: { headerName: "X-Key" } });
    expect(made.status).toBe(201);
    const patch = await api.patch(`/api/v1/connections/${made.body.connection.id}`, { credentials: { apiKey: "k-2", tokne: "x" } });
    expect(patch.status).toBe(400);
    expect(patch.body).toMatchObject({ error: "invalid_request", field: "credentials.tokne", issues: [{ path: "credentials.tokne", message: expect.stringMatching(/^unknown field/) }] });
  });

  it("a step's unknown field and a step's invalid setting name the step's id", async () => {
    const unknownStepField = await create([webhook, { id: "call", kind: "http", nmae: "x", config: { url: "https://x.example.test" } }]);
    expect(unknownStepField.body).toMatchObject({ error: "invalid_workflow", step: 2, stepId: "call", field: "nmae" });
    const badSetting = await create([webhook, { id: "call", kind: "http", config: { url: "https://x.example.test", method: "FETCH" } }]);
    expect(badSetting.body).toMatchObject({ error: "invalid_workflow", step: 2, stepId: "call", field: "method" });
  });
});
