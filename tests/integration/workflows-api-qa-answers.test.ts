// What a script author meets driving the workflow API: a copy made by GET then POST of a Live
// workflow is created (in Draft) instead of a 400 about `mode`; a save's 400s name their `field`
// like every other body's; a 409 workflow_changed says what is actually wrong (a version never
// saved, a stepId that is not step n's) instead of "someone saved a newer version"; and …/draft and
// …/webhook-url read their bodies like …/live does (not JSON or an unknown field: 400; empty: fine).
import { describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const http = { kind: "http", config: { url: "https://api.example.test" } };
const newWorkflow = async (name = "QA flow"): Promise<Json> => {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name, steps: [{ kind: "webhook", config: {} }, http] });
  expect(res.status).toBe(201);
  return res.body;
};
const raw = (path: string, body: string) =>
  fetch(`${web.baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" }, body }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe("copy by GET then POST", () => {
  it("a Live workflow's GET posted back makes a Draft copy; mode is ignored like the other read-only fields", async () => {
    const wf = await newWorkflow("Live original");
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect(read.mode).toBe("live");
    const copy = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { ...read, name: "Live original (copy)" });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Live original (copy)", mode: "draft", webhookUrl: null });
    expect(copy.body.id).not.toBe(wf.id);
    expect(copy.body.steps.map((s: Json) => s.kind)).toEqual(["webhook", "http"]);
    // The original stays Live; a PUT still cannot change a mode.
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("live");
    expect((await api.put(`/api/v1/workflows/${copy.body.id}`, { ...copy.body, mode: "live" })).status).toBe(400);
  });
});

describe("a save's 400s name the field", () => {
  it("unknown field, a version that is not a number, a name too long", async () => {
    const wf = await newWorkflow();
    const unknown = await api.put(`/api/v1/workflows/${wf.id}`, { name: "x", nmae: "y" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: "invalid_request", field: "nmae", issues: [{ path: "nmae" }] });
    const version = await api.put(`/api/v1/workflows/${wf.id}`, { name: "x", version: "4" });
    expect(version.status).toBe(400);
    expect(version.body).toMatchObject({ error: "invalid_request", field: "version", issues: [{ path: "version" }] });
    const long = await api.put(`/api/v1/workflows/${wf.id}`, { name: "n".repeat(500) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: "invalid_request", field: "name" });
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "n".repeat(500) });
    expect(created.body).toMatchObject({ error: "invalid_request", field: "name" });
  });
});

describe("workflow_changed says what is wrong", () => {
  it("the current version with another step's id: no 'someone saved'; a version never saved: says so", async () => {
    const wf = await newWorkflow();
    const wrongStep = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { version: wf.version, stepId: wf.steps[0].id });
    expect(wrongStep.status).toBe(409);
    expect(wrongStep.body).toMatchObject({ error: "workflow_changed", currentVersion: wf.version });
    expect(wrongStep.body.message).not.toMatch(/someone saved/);
    expect(wrongStep.body.message).toMatch(new RegExp(`^step 2 of this workflow \\(version ${wf.version}\\) is not the step you meant`));

    const future = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { version: 99, stepId: wf.steps[1].id });
    expect(future.status).toBe(409);
    expect(future.body).toMatchObject({ error: "workflow_changed", currentVersion: wf.version });
    expect(future.body.message).toMatch(new RegExp(`^this workflow has no version 99: it is at version ${wf.version}`));

    const live = await api.post(`/api/v1/workflows/${wf.id}/live`, { version: 99 });
    expect(live.body.message).toMatch(/^this workflow has no version 99/);
    const put = await api.put(`/api/v1/workflows/${wf.id}`, { name: "x", version: 99 });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ error: "version_conflict", currentVersion: wf.version });
    expect(put.body.message).toMatch(/^this workflow has no version 99/);
    // An older version is still "someone saved a newer version".
    await api.put(`/api/v1/workflows/${wf.id}`, { name: "renamed", version: wf.version });
    const stale = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { version: wf.version, stepId: wf.steps[1].id });
    expect(stale.body.message).toMatch(/^someone saved a newer version of this workflow since you loaded version/);
  });
});

describe("…/draft and …/webhook-url read their bodies like …/live", () => {
  it("refuse a body that is not JSON and an unknown field; take an empty body", async () => {
    const wf = await newWorkflow();
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    for (const action of ["webhook-url", "draft"]) {
      const path = `/api/v1/workflows/${wf.id}/${action}`;
      const garbled = await raw(path, "{not json");
      expect([garbled.status, garbled.body.error], action).toEqual([400, "invalid_request"]);
      const unknown = await raw(path, JSON.stringify({ force: true }));
      expect(unknown.status, action).toBe(400);
      expect(unknown.body).toMatchObject({ error: "invalid_request", field: "force" });
      expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("live");
    }
    expect((await raw(`/api/v1/workflows/${wf.id}/webhook-url`, "")).status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/webhook-url`, {})).status).toBe(200);
    const stale = await api.post(`/api/v1/workflows/${wf.id}/draft`, { version: wf.version - 1 || 99 });
    expect(stale.body.error).toBe("workflow_changed");
    const draft = await raw(`/api/v1/workflows/${wf.id}/draft`, "");
    expect([draft.status, draft.body.mode]).toEqual([200, "draft"]);
  });
});
