// A step built for one app (config.app) with another app's account — saved through the API, or
// before the editor's account field offered only the step's app — saves as a Draft but does not
// go Live: its calls would go out with the other app's credentials. 409 step_incomplete names the
// step, the field and both apps; switching the step to the account's app (or choosing an account
// of the step's app) lets it go Live.
import { describe, expect, it } from "vitest";
import { createAccount } from "../helpers/push-fixtures";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

describe("Go live with an account of another app than the step's", () => {
  it("is refused naming both apps until the step and its account agree", async () => {
    const psa = await createAccount(t.tech, t.provider.id, "psa", "Fake PSA", { token: "psa-token" }, "https://psa.example");
    const rmm = await createAccount(t.tech, t.provider.id, "rmm", "Fake RMM", { token: "rmm-token" }, "https://rmm.example");
    const step = (app: string, connectionId: string) => ({ kind: "http", name: "Run the cleanup script", config: { method: "POST", url: "/scripts/run", app, connectionId } });
    const created = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
      name: "Low disk",
      steps: [{ kind: "webhook", config: {} }, step("rmm", psa)],
    });
    expect(created.status).toBe(201); // a Draft keeps it, as it keeps any unfinished step
    const wf = created.body.id as string;

    const refused = await t.tech.post(`/api/v1/workflows/${wf}/live`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "step_incomplete", step: 2, field: "connectionId" });
    expect(refused.body.message).toContain('step 2 (HTTP Request): Account: "Fake PSA" is a PSA / ticketing account, but this step was built for Remote monitoring (RMM)');
    expect((await t.tech.get(`/api/v1/workflows/${wf}`)).body.mode).toBe("draft");

    // The step's own app's account: it goes Live.
    const current = (await t.tech.get(`/api/v1/workflows/${wf}`)).body;
    const fixed = await t.tech.put(`/api/v1/workflows/${wf}`, { name: current.name, version: current.version, steps: [current.steps[0], { ...current.steps[1], config: step("rmm", rmm).config }] });
    expect(fixed.status).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${wf}/live`)).status).toBe(200);

    // And a Live save that brings the mismatch back is refused like any unfinished step.
    const live = (await t.tech.get(`/api/v1/workflows/${wf}`)).body;
    const back = await t.tech.put(`/api/v1/workflows/${wf}`, { name: live.name, version: live.version, steps: [live.steps[0], { ...live.steps[1], config: step("rmm", psa).config }] });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ error: "step_incomplete", step: 2, field: "connectionId" });

    // Switching the step to the account's app, deliberately, is a step that agrees with it.
    const switched = await t.tech.put(`/api/v1/workflows/${wf}`, { name: live.name, version: live.version, steps: [live.steps[0], { ...live.steps[1], config: step("psa", psa).config }] });
    expect(switched.status).toBe(200);
  });
});
