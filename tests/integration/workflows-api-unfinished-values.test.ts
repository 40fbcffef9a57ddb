// A Live workflow keeps only steps a run can use, and going Live asks for them: a Conditions rule
// still empty (a new Conditions step's "" equals "" held for every delivery and stopped every run,
// the Code step after it skipped), an expression that does not parse, a `matches` pattern that
// does not compile, a Wait "until" no run can read. All were accepted, and each run then failed or
// stopped. A Draft still saves them (409 step_incomplete names step and field, as for an empty URL).
import { describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const webhook = { kind: "webhook", config: {} };
const code = { kind: "code", name: "Report", config: { code: "return { ok: true }" } };
const create = async (name: string, steps: unknown[]) => {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name, steps });
  expect(res.status).toBe(201);
  return res.body as Json;
};
// A Conditions step as the editor adds it from the Tools dock.
const newConditions = { kind: "conditions", config: { branches: [{ id: "br_1", name: "Branch 1", match: "all", rules: [{ left: "", op: "equals", right: "" }], target: "stop" }], otherwise: { target: null } } };

describe("a Live workflow refuses a step a run could not use", () => {
  it("a new Conditions step's empty rule: 409 step_incomplete, and the Live workflow keeps running its steps", async () => {
    const wf = await create("Live alerts", [webhook, code]);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const live = (await api.get(`/api/v1/workflows/${wf.id}`)).body;

    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [live.steps[0], newConditions, live.steps[1]] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "step_incomplete",
      message: "step 2 (Conditions): Branch 1 rule 1 value is required; fill it in, or keep the workflow in Draft",
      step: 2,
      stepId: expect.any(String),
      field: "branches.0.rules.0.left",
    });
    // The value filled in, "Compare with" still empty: still unfinished.
    const half = { ...newConditions, config: { ...newConditions.config, branches: [{ ...newConditions.config.branches[0], rules: [{ left: "{{ 1.severity }}", op: "equals", right: "" }] }] } };
    const again = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: [live.steps[0], half, live.steps[1]] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "step_incomplete", field: "branches.0.rules.0.right" });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.steps.map((s: Json) => s.kind)).toEqual(["webhook", "code"]);

    // A Draft saves it (the editor's autosave while it is filled in); going Live asks for it.
    const draft = await create("Draft alerts", [webhook, newConditions, code]);
    const refused = await api.post(`/api/v1/workflows/${draft.id}/live`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "step_incomplete", step: 2, field: "branches.0.rules.0.left" });
  });

  it("an expression that does not parse, a matches pattern that does not compile, an until no run can read: going Live and a Live save are refused", async () => {
    const cases: { step: Json; field: string; message: string }[] = [
      {
        step: { kind: "transform", config: { fields: [{ name: "total", expression: "1 +" }] } },
        field: "fields.0.expression",
        message: "step 2 (Data Transformation): Field 1 expression is not a valid expression: Unexpected end of expression [S0207] (at character 3); fill it in, or keep the workflow in Draft",
      },
      {
        step: { kind: "summarize", config: { input: "{{ 1.rows }}", computed: [{ name: "share", expression: "$round(count / 2" }] } },
        field: "computed.0.expression",
        message: 'step 2 (Summarize): Computed field 1 expression is not a valid expression: Expected ")" before end of expression [S0203] (at character 16); fill it in, or keep the workflow in Draft',
      },
      {
        step: { kind: "conditions", config: { branches: [{ id: "b", name: "Servers", rules: [{ left: "{{ 1.host }}", op: "matches", right: "([a-z" }], target: "stop" }] } },
        field: "branches.0.rules.0.right",
        message:
          'step 2 (Conditions): Branch 1 rule 1 value to compare with: invalid regular expression "([a-z": Invalid regular expression: /([a-z/: Unterminated character class; fill it in, or keep the workflow in Draft',
      },
      {
        step: { kind: "wait", config: { mode: "until", at: "01.12.2026" } },
        field: "at",
        message:
          'step 2 (Wait): Until (date and time): "01.12.2026" is not a date and time this step can read without guessing (use ISO 8601, e.g. 2026-12-01T02:00:00Z, an HTTP date such as Tue, 01 Dec 2026 02:00:00 GMT, or a Unix timestamp in seconds or milliseconds); fill it in, or keep the workflow in Draft',
      },
    ];
    for (const c of cases) {
      // Draft: saved as typed.
      const wf = await create(`Wrong ${c.field}`, [webhook, c.step, code]);
      const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
      expect(live.status, c.field).toBe(409);
      expect(live.body, c.field).toEqual({ error: "step_incomplete", message: c.message, step: 2, stepId: wf.steps[1].id, field: c.field });
      expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("draft");

      // Live: saving the step into it is refused, and nothing is stored.
      const other = await create(`Live ${c.field}`, [webhook, code]);
      expect((await api.post(`/api/v1/workflows/${other.id}/live`)).status).toBe(200);
      const put = await api.put(`/api/v1/workflows/${other.id}`, { name: other.name, steps: [other.steps[0], c.step, other.steps[1]] });
      expect(put.status, c.field).toBe(409);
      expect(put.body, c.field).toMatchObject({ error: "step_incomplete", field: c.field });
      expect((await api.get(`/api/v1/workflows/${other.id}`)).body.steps).toHaveLength(2);
    }
  });

  it("values only a run knows (references) are left to the run", async () => {
    const wf = await create("From references", [
      webhook,
      { kind: "conditions", config: { branches: [{ id: "b", name: "Match", rules: [{ left: "{{ 1.host }}", op: "matches", right: "{{ 1.pattern }}" }], target: "stop" }] } },
      { kind: "wait", config: { mode: "until", at: "{{ 1.resumeAt }}" } },
      { kind: "transform", config: { fields: [{ name: "double", expression: "{{ 1.count }} * 2" }] } },
    ]);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
  });
});
