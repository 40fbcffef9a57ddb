// A re-push that moves a step carrying {{ secrets.X }} to another host: the client's secret would be
// sent there once the copy is Live again, and nothing bound it to the old address (account
// credentials are: see push-repush-account-host). The preflight and the push's answer say so to
// the provider, the client's review says so above its checklist (and in `secretDestinations`),
// and the `pushed` audit event records it — keys and origins, never a value.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const hook = { id: "hook", kind: "webhook", name: "Hook", config: {} };
const ticket = (url: string) => ({ id: "s2", kind: "http", name: "Create ticket", config: { method: "POST", url, headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } });

describe("a re-push that sends a secret of the client's to a new host", () => {
  it("is said in the preflight, the push's answer, the client's review and the audit log", async () => {
    const ws = t.clientA.id;
    const src = await t.createSource("Tickets", [hook, ticket("https://old.example.com/tickets")]);
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/PSA_KEY`, { value: "client-psa-key-value", secret: true });
    const first = await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: ws });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.preflight.secretDestinations).toEqual([]);
    const copy = first.body.copy.id;
    expect((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body).toMatchObject({ secretDestinations: [], notices: [] });
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).status).toBe(200);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).status).toBe(200);

    const moved = await t.tech.put(`/api/v1/workflows/${src.id}`, { name: "Tickets", version: src.version, steps: [hook, ticket("https://new.example.com/tickets")] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const change = { stepId: "s2", number: 2, name: "Create ticket", secrets: ["PSA_KEY"], from: "https://old.example.com", to: "https://new.example.com" };
    // The preflight says, as the review does, whether the copy could then go Live (null: it could).
    const planned = { ...change, problem: null };
    const note = "Step 2 (Create ticket) would send Client A's secret PSA_KEY to https://new.example.com, where it has not gone before (the step sent it to https://old.example.com): the client's review says so.";

    const pre = await t.tech.get(`/api/v1/workflows/${src.id}/push-preflight?target=${ws}`);
    expect(pre.body.secretDestinations).toEqual([planned]);
    expect(pre.body.notes).toContain(note);
    const again = await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: ws });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.preflight.secretDestinations).toEqual([planned]);
    expect(again.body.preflight.notes).toContain(note);

    const review = await t.adminA.get(`/api/v1/workflows/${copy}/review`);
    expect(review.status).toBe(200);
    const said = "step 2 (Create ticket) now sends secret PSA_KEY to https://new.example.com (was https://old.example.com)";
    expect(review.body.secretDestinations).toEqual([{ ...change, message: said, problem: null }]);
    expect(review.body.notices).toEqual([
      "Your provider's new version sends your secrets somewhere new: step 2 (Create ticket) now sends secret PSA_KEY to https://new.example.com (was https://old.example.com). " +
        "Check that you trust these addresses with them before you confirm the review and go Live.",
    ]);
    expect(JSON.stringify(review.body)).not.toContain("client-psa-key-value");

    const audit = await db().auditEvent.findFirst({ where: { workflowId: copy, action: "pushed" }, orderBy: { createdAt: "desc" } });
    expect(audit?.details).toMatchObject({ secretDestinations: [{ stepId: "s2", secrets: ["PSA_KEY"], from: "https://old.example.com", to: "https://new.example.com" }] });
    const log = await t.adminA.get(`/api/v1/workspaces/${ws}/audit`);
    expect(JSON.stringify(log.body)).not.toContain("client-psa-key-value");

    // A push that leaves the secret where it goes has nothing to say, and the review's notice goes.
    const same = await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: ws });
    expect(same.body.preflight.secretDestinations).toEqual([]);
    expect((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body).toMatchObject({ secretDestinations: [], notices: [] });
  });

  it("says, where the new host comes from a run's data, why the copy cannot go Live and what the provider must change", async () => {
    const ws = t.clientA.id;
    const src = await t.createSource("Call back", [hook, ticket("https://old.example.com/tickets")]);
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/PSA_KEY`, { value: "client-psa-key-value", secret: true });
    const first = await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: ws });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const copy = first.body.copy.id;
    const moved = await t.tech.put(`/api/v1/workflows/${src.id}`, { name: "Call back", version: src.version, steps: [hook, ticket("https://{{ 1.callback_host }}/tickets")] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${src.id}/push`, { targetWorkspaceId: ws })).status).toBe(200);

    const review = await t.adminA.get(`/api/v1/workflows/${copy}/review`);
    const problem =
      "This copy cannot go Live until it is changed: the step takes the host of its address from the data each run receives (https://{{ 1.callback_host }}), " +
      "so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret PSA_KEY goes. " +
      "Ask your provider to write the host in the step's URL, or to take it from a variable you fill in.";
    const said = "step 2 (Create ticket) now sends secret PSA_KEY to a URL the workflow builds: https://{{ 1.callback_host }}/tickets (was https://old.example.com)";
    expect(review.body.secretDestinations).toEqual([
      { stepId: "s2", number: 2, name: "Create ticket", secrets: ["PSA_KEY"], from: "https://old.example.com", to: "a URL the workflow builds: https://{{ 1.callback_host }}/tickets", message: `${said}. ${problem}`, problem },
    ]);
    expect(review.body.notices).toEqual([expect.stringContaining(said), `Step 2 (Create ticket): ${problem}`]);
    // And so it is: Go live refuses the copy.
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).status).toBe(200);
    const live = await t.adminA.post(`/api/v1/workflows/${copy}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "step_incomplete" });
  });
});
