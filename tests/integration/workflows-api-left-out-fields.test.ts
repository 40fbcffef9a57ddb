// A step in the plain documented shape, {"kind": "http"} with no config (or "config": {}), was
// refused "url: is required", although a Draft saves unfinished steps and takes the same step
// with "url": "". A value a step needs and leaves out is now saved empty, as if sent empty: a
// Draft keeps it, going Live (or a Live save) answers 409 step_incomplete naming it. And what
// the validation library said in its own notation reads in words like every other message.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const create = (steps: unknown[], name = "Bare steps") => api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name, steps });
const KINDS = ["http", "code", "ai_prompt", "conditions", "transform", "summarize", "parse_json", "wait"];

describe("a Draft step sent without the values it needs", () => {
  it.each([
    ["no config", (kind: string) => ({ kind })],
    ["an empty config", (kind: string) => ({ kind, config: {} })],
  ])("is saved unfinished with %s, each needed value empty", async (_what, step) => {
    const res = await create([{ kind: "webhook" }, ...KINDS.map(step)]);
    expect(res.status).toBe(201);
    const configs = Object.fromEntries(res.body.steps.map((s: Json) => [s.kind, s.config]));
    expect(configs.http).toMatchObject({ method: "GET", url: "" });
    expect(configs.code).toMatchObject({ code: "" });
    expect(configs.ai_prompt).toMatchObject({ prompt: "", connectionId: null });
    expect(configs.conditions).toEqual({
      branches: [{ id: expect.stringMatching(/^br_/), name: "Branch 1", match: "all", rules: [{ left: "", op: "equals", right: "" }], target: "stop" }],
      otherwise: { target: null },
    });
    expect(configs.transform).toEqual({ fields: [{ name: "", expression: "" }] });
    expect(configs.summarize).toMatchObject({ input: "" });
    expect(configs.parse_json).toEqual({ input: "" });
    expect(configs.wait).toEqual({ mode: "duration", seconds: null });
    expect((await api.get(`/api/v1/workflows/${res.body.id}`)).body).toEqual(res.body);

    // Going Live names the first one still empty, as for any unfinished step.
    const live = await api.post(`/api/v1/workflows/${res.body.id}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "step_incomplete", step: 2, field: "url", message: "step 2 (HTTP Request): URL is required; fill it in, or keep the workflow in Draft" });
  });

  it("a Wait's mode chosen, its value left out: empty too", async () => {
    const res = await create([{ kind: "wait", config: { mode: "duration" } }, { kind: "wait", config: { mode: "until" } }]);
    expect(res.status).toBe(201);
    expect(res.body.steps.map((s: Json) => s.config)).toEqual([
      { mode: "duration", seconds: null },
      { mode: "until", at: "" },
    ]);
  });

  it("a Live workflow refuses such a step with 409 step_incomplete, not a 400, and keeps its steps", async () => {
    const wf = (await create([{ kind: "webhook" }, { kind: "code", config: { code: "return 1" } }], "Live bare")).body;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [...wf.steps, { kind: "parse_json" }] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "step_incomplete", step: 3, field: "input", message: "step 3 (Parse JSON): Input is required; fill it in, or keep the workflow in Draft" });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.steps).toHaveLength(2);
  });

  // An empty Code step went Live and "ran", returning null: nothing told anyone it was never written.
  it.each([
    ["empty", "", "Code is required"],
    ["blank", "  \n\t", "Code is required"],
    ["only comments", "// to do: look the device up\n/* later */", "Code is required (it holds only comments)"],
  ])("a Code step with %s code stays in Draft: Go live answers 409 step_incomplete naming it", async (_what, code, why) => {
    const wf = (await create([{ kind: "webhook" }, { kind: "code", config: { code } }], "Empty code")).body;
    expect(wf.steps[1].config.code).toBe(code);
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "step_incomplete", step: 2, stepId: wf.steps[1].id, field: "code", message: `step 2 (Code Execution): ${why}; fill it in, or keep the workflow in Draft` });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("draft");
  });

  it("a misspelt setting beside a left-out value is still named, not dropped", async () => {
    const res = await create([{ kind: "http", config: { metod: "POST" } }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "metod" });
  });

  it("a Scheduler without a schedule is still refused: no schedule is made up", async () => {
    const res = await create([{ kind: "scheduler" }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "cron" });
    expect(res.body.message).toMatch(/^step 1 \(Scheduler\): cron: choose a preset or enter a cron expression/);
  });
});

describe("messages in words, not the validation library's notation", () => {
  it("a Wait's unknown mode, an HTTP body's unknown type, a config that is not an object", async () => {
    const before = await db().workflow.count();
    const mode = await create([{ kind: "wait", config: { mode: "later", seconds: 5 } }]);
    expect(mode.status).toBe(400);
    expect(mode.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "mode", message: 'step 1 (Wait): mode: must be one of "duration", "until"' });
    const body = await create([{ kind: "http", config: { url: "https://a.test", body: { type: "xml" } } }]);
    expect(body.status).toBe(400);
    expect(body.body).toMatchObject({ field: "body.type", message: 'step 1 (HTTP Request): body.type: must be one of "none", "json", "form", "raw", "binary"' });
    const nul = await create([{ kind: "http", config: null }]);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ error: "invalid_workflow", step: 1, field: "config", message: "step 1 (HTTP Request): config: must be an object" });
    expect(await db().workflow.count()).toBe(before);
  });
});
