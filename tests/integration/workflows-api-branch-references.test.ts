// A step reading a step on another branch of a Conditions step went Live, and every run sent the
// value as empty. Going Live (or saving a Live workflow) now answers 409 step_incomplete naming
// the step, the field and the branches, as for any unfinished step; a Draft still saves it, and
// once the reference reads a step its runs have run, it goes Live.
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

// 1 webhook, 2 Critical? (Yes → 3, Otherwise → 4), 3 isolate, 4 open a ticket naming `ticket`.
const steps = (ticket: string) => [
  { id: "hook", kind: "webhook", config: {} },
  { id: "crit", kind: "conditions", config: { branches: [{ id: "yes", name: "Yes", match: "all", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "iso" }], otherwise: { target: "tix" } } },
  { id: "iso", kind: "http", config: { method: "POST", url: "https://edr.example.com/isolate/{{ 1.host }}" } },
  { id: "tix", kind: "http", config: { method: "POST", url: "https://psa.example.com/tickets", body: { type: "json", json: { ticket } } } },
];
const WHY =
  'step 4 (HTTP Request): {{ 3.body.id }} refers to step 3, which is on branch "Yes" of step 2; this step is on Otherwise, so no run that reaches it has run step 3 (read a step before step 2, or one on its own branch); change the reference, or keep the workflow in Draft';

describe("a reference to a step on another branch", () => {
  it("a Draft saves it; Go live answers 409 step_incomplete naming step, field and branches; fixed, it goes Live", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Isolate or ticket", steps: steps("{{ 3.body.id }}") });
    expect(created.status).toBe(201);
    const wf = created.body;
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toEqual({ error: "step_incomplete", message: WHY, step: 4, stepId: "tix", field: "body.json.ticket" });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("draft");

    const fixed = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: steps("{{ 1.host }} ({{ 2.branch }})") });
    expect(fixed.status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);

    // A Live workflow keeps only what going Live accepts: the reference put back is refused, the steps kept.
    const again = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps: steps("{{ 3.body.id }}") });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: "step_incomplete", step: 4, field: "body.json.ticket", message: WHY });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.steps[3].config.body.json.ticket).toBe("{{ 1.host }} ({{ 2.branch }})");
  });
});
