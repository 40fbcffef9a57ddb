// Steps the provider deleted and added again, and what a re-push tells each side (found by the
// push review of the 22nd session). A step re-created under a new name is a new step to the
// client's copy: its account choice is not carried over (reset-account-choices.ts) — and that is
// said, in the Push page's preflight ("will need its account chosen again") and in the client's
// review ("your account choice was reset"), instead of an empty picker nobody explains. And a copy
// whose step would send the client's secret to a host a run's data makes: the preflight says why
// it cannot go Live, in the very words the client's review uses. Both say the reset again on a later
// push while the client has not chosen an account for the step (found by QA: a second push dropped it).
import { describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const plain = (steps: Json[]) => steps.map(({ id, kind, name, config }: Json) => ({ id, kind, name, config }));

async function save(id: string, change: (steps: Json[]) => Json[]): Promise<void> {
  const cur = (await t.tech.get(`/api/v1/workflows/${id}`)).body;
  const put = await t.tech.put(`/api/v1/workflows/${id}`, { name: cur.name, version: cur.version, steps: change(plain(cur.steps)) });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

describe("a step deleted and added again under a new name", () => {
  it("arrives without the client's account choice, and the preflight and the client's review both say the choice was reset", async () => {
    const psaP = await createAccount(t.tech, t.provider.id, "psa", "Provider PSA", { token: "p" });
    const source = await t.createSource("Tickets", [
      { id: "hook", kind: "webhook", config: {} },
      { id: "list", kind: "http", name: "List tickets", config: { method: "GET", url: "/tickets", connectionId: psaP } },
    ]);
    const ws = t.clientB.id;
    await createAccount(t.adminB, ws, "psa", "PSA read-only", { token: "c1" }, "https://psa.example.com");
    const write = await createAccount(t.adminB, ws, "psa", "PSA write", { token: "c2" }, "https://psa.example.com");
    const copyId = (await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws })).body.copy.id;
    expect((await t.adminB.put(`/api/v1/workflows/${copyId}/review/accounts/list`, { connectionId: write })).status).toBe(200);

    // Deleted and added again in the editor: a new id, the same kind and app, another name.
    await save(source.id, (steps) => [steps[0], { id: "create", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", connectionId: psaP } }]);
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    expect(pre.connections.find((c: Json) => c.app === "psa").steps).toEqual([expect.objectContaining({ stepId: "create", result: "no_account", account: null })]);
    expect(pre.accountChoicesReset).toEqual([
      { stepId: "create", number: 2, name: "Create ticket", replaces: [{ stepId: "list", number: 2, name: "List tickets", account: { id: write, name: "PSA write" } }] },
    ]);
    expect(pre.notes).toContain(
      'Step 2 (Create ticket) will need its account chosen again in Client B: it takes the place of step 2 (List tickets), for which Client B chose "PSA write", which you deleted, ' +
        "and a step added again under another name does not keep the client's account choice. Client B's review says the choice was reset.",
    );

    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.copy.steps[1]).toMatchObject({ id: "create", config: { connectionId: null } });
    const review = (await t.adminB.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(review.items.find((i: Json) => i.kind === "account")).toMatchObject({
      stepId: "create",
      done: false,
      message:
        "your account choice was reset — your provider deleted step “List tickets” (you had chosen “PSA write”) and added this step in its place under another name: " +
        "choose which PSA / ticketing account step 2 (Create ticket) uses",
    });
    // Once chosen again, the item reads as any other.
    expect((await t.adminB.put(`/api/v1/workflows/${copyId}/review/accounts/create`, { connectionId: write })).status).toBe(200);
    const chosen = (await t.adminB.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(chosen.items.find((i: Json) => i.kind === "account")).toMatchObject({ done: true, message: "step 2 (Create ticket) has a PSA / ticketing account" });

    // Added again under the same name: the same step, whose choice is kept, and nothing is reset.
    await save(source.id, (steps) => [steps[0], { id: "again", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", connectionId: psaP } }]);
    const same = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    expect(same.accountChoicesReset).toEqual([]);
    expect(same.connections.find((c: Json) => c.app === "psa").steps).toEqual([expect.objectContaining({ stepId: "again", result: "kept", account: { id: write, name: "PSA write" } })]);
  });
});

describe("a second push before the client chose an account for a step whose choice was reset", () => {
  it("still says the choice was reset, in the preflight and the client's review, until an account is chosen", async () => {
    const psaP = await createAccount(t.tech, t.provider.id, "psa", "Provider PSA (tickets)", { token: "p" });
    const http = (id: string, name: string) => ({ id, kind: "http", name, config: { method: "POST", url: "/tickets", app: "psa", connectionId: psaP } });
    const source = await t.createSource("Tickets again", [{ id: "hook", kind: "webhook", config: {} }, http("list", "List tickets"), http("update", "Update ticket")]);
    const ws = t.clientA.id;
    const read = await createAccount(t.adminA, ws, "psa", "PSA read", { token: "c1" }, "https://psa.example.com");
    const write = await createAccount(t.adminA, ws, "psa", "PSA write", { token: "c2" }, "https://psa.example.com");
    const copyId = (await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws })).body.copy.id;
    expect((await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/list`, { connectionId: read })).status).toBe(200);
    expect((await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/update`, { connectionId: write })).status).toBe(200);
    await save(source.id, (steps) => [steps[0], steps[1], http("raise", "Raise ticket")]);

    const resetNow = [{ stepId: "raise", number: 3, name: "Raise ticket", replaces: [{ stepId: "update", number: 3, name: "Update ticket", account: { id: write, name: "PSA write" } }] }];
    const message =
      "your account choice was reset — your provider deleted step “Update ticket” (you had chosen “PSA write”) and added this step in its place under another name: " +
      "choose which PSA / ticketing account step 3 (Raise ticket) uses";
    const accountItem = async () => (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.items.find((i: Json) => i.kind === "account" && i.stepId === "raise");
    for (const push of ["first", "second"]) {
      const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
      expect(pre.accountChoicesReset, `${push} push`).toEqual(resetNow);
      const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      expect(await accountItem(), `${push} push`).toMatchObject({ done: false, message });
    }

    // Chosen: nothing is said reset any more, in the review or the next preflight.
    expect((await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/raise`, { connectionId: write })).status).toBe(200);
    expect(await accountItem()).toMatchObject({ done: true, message: "step 3 (Raise ticket) has a PSA / ticketing account" });
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body.accountChoicesReset).toEqual([]);
  });
});

describe("a re-push that would send the client's secret to a host a run's data makes", () => {
  it("is said in the preflight with the words of the client's review: the copy cannot go Live", async () => {
    const steps = (url: string) => [
      { id: "hook", kind: "webhook", config: {} },
      { id: "cb", kind: "http", name: "Call back", config: { method: "POST", url, headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } },
    ];
    const source = await t.createSource("Call back", steps("https://psa.example.com/done"));
    const ws = t.clientA.id;
    const copyId = (await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws })).body.copy.id;
    await save(source.id, () => steps("https://{{ 1.callback_host }}/done"));

    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    const problem =
      "This copy cannot go Live until it is changed: the step takes the host of its address from the data each run receives (https://{{ 1.callback_host }}), " +
      "so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret PSA_KEY goes. " +
      "Ask your provider to write the host in the step's URL, or to take it from a variable you fill in.";
    expect(pre.secretDestinations).toEqual([expect.objectContaining({ stepId: "cb", problem })]);
    const note = `Client A's copy cannot go Live after this push; its review says: “Step 2 (Call back): ${problem}”`;
    expect(pre.notes).toContain(note);

    expect((await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws })).status).toBe(200);
    const review = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(review.notices).toContain(`Step 2 (Call back): ${problem}`);
    expect(review.secretDestinations).toEqual([expect.objectContaining({ stepId: "cb", problem })]);
  });
});
