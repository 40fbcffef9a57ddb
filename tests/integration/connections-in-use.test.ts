// Deleting an app account that workflows use: 409 connection_in_use naming them ({id, name,
// mode}, Live first, only the account's own workspace), nothing deleted; ?force=true deletes it
// anyway; an unused account is deleted at once; another tenant's account stays a 404.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createAccount } from "../helpers/push-fixtures";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

const workflow = async (name: string, connectionId: string | null, kind: "http" | "ai_prompt" = "http") => {
  const config = kind === "http" ? { method: "GET", url: "/x", connectionId } : { prompt: "hi", connectionId };
  const r = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, { name, steps: [{ kind: "webhook", config: {} }, { kind, config }] });
  expect(r.status).toBe(201);
  return r.body.id as string;
};

describe("DELETE /connections/{id}", () => {
  it("refuses an account in use with the workflows that use it, until forced", async () => {
    const p = t.provider.id;
    const api = await createAccount(t.tech, p, "http", "Shared API", { token: "shared-api-token" }, "https://api.example");
    const ai = await createAccount(t.tech, p, "openai", "AI", { apiKey: "sk-x" });
    const draft = await workflow("Draft user", api);
    const live = await workflow("Live user", api);
    await workflow("Other account", ai, "ai_prompt");
    await workflow("No account", null);
    expect((await t.tech.post(`/api/v1/workflows/${live}/live`)).status).toBe(200);

    const r = await t.tech.del(`/api/v1/connections/${api}`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: "connection_in_use", message: expect.stringContaining("used by 2 workflows, 1 of them Live") });
    expect(r.body.workflows).toEqual([
      { id: live, name: "Live user", mode: "live" },
      { id: draft, name: "Draft user", mode: "draft" },
    ]);
    expect(await db().connection.count({ where: { id: api } })).toBe(1);
    expect((await t.tech.del(`/api/v1/connections/${api}?force=false`)).status).toBe(409);
    expect((await t.tech.del(`/api/v1/connections/${api}?force=yes`)).status).toBe(400);
    // A viewer cannot delete, forced or not; another tenant does not see it.
    expect((await t.viewer.del(`/api/v1/connections/${api}?force=true`)).status).toBe(403);
    expect((await t.api(t.users.outsider).del(`/api/v1/connections/${api}?force=true`)).status).toBe(404);

    expect((await t.tech.del(`/api/v1/connections/${api}?force=true`)).status).toBe(204);
    expect(await db().connection.count({ where: { id: api } })).toBe(0);
    // The workflows keep the id, shown as a deleted account in the editor.
    expect((await t.tech.get(`/api/v1/workflows/${draft}`)).body.steps[1].config.connectionId).toBe(api);
  });

  it("a workflow whose account was force-deleted cannot go (or stay saved) Live until another is chosen", async () => {
    const p = t.provider.id;
    const ai = await createAccount(t.tech, p, "openai", "Doomed AI", { apiKey: "sk-doomed" });
    const wf = await workflow("Ask AI", ai, "ai_prompt");
    expect((await t.tech.post(`/api/v1/workflows/${wf}/live`)).status).toBe(200);
    expect((await t.tech.del(`/api/v1/connections/${ai}?force=true`)).status).toBe(204);

    const refusal = {
      error: "step_incomplete",
      message: "step 2 (AI Prompt): Account: the account it used was deleted: choose another, or keep the workflow in Draft",
      step: 2,
      field: "connectionId",
    };
    // Still Live: saving its steps as they are is refused the same way; a rename is not.
    const steps = (await t.tech.get(`/api/v1/workflows/${wf}`)).body.steps;
    const save = await t.tech.put(`/api/v1/workflows/${wf}`, { name: "Ask AI", steps });
    expect(save.status).toBe(409);
    expect(save.body).toMatchObject(refusal);
    expect((await t.tech.put(`/api/v1/workflows/${wf}`, { name: "Ask AI (renamed)" })).status).toBe(200);

    expect((await t.tech.post(`/api/v1/workflows/${wf}/draft`)).status).toBe(200);
    const live = await t.tech.post(`/api/v1/workflows/${wf}/live`);
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject(refusal);
    expect((await t.tech.get(`/api/v1/workflows/${wf}`)).body.mode).toBe("draft");

    const other = await createAccount(t.tech, p, "openai", "Other AI", { apiKey: "sk-other" });
    steps[1].config.connectionId = other;
    expect((await t.tech.put(`/api/v1/workflows/${wf}`, { name: "Ask AI", steps })).status).toBe(200);
    expect((await t.tech.post(`/api/v1/workflows/${wf}/live`)).status).toBe(200);
  });

  it("deletes an account no workflow uses at once", async () => {
    const unused = await createAccount(t.tech, t.provider.id, "psa", "Unused", { username: "u", password: "p" });
    expect((await t.tech.del(`/api/v1/connections/${unused}`)).status).toBe(204);
  });

  it("counts only the account's own workspace", async () => {
    const mine = await createAccount(t.adminA, t.clientA.id, "http", "A's API", { token: "a-token" });
    // Another workspace's workflow naming the id (never saveable through the API) is not listed.
    await db().workflow.create({ data: { workspaceId: t.clientB.id, name: "Foreign", steps: [{ id: "h", kind: "http", name: "H", config: { connectionId: mine } }] } });
    expect((await t.adminA.del(`/api/v1/connections/${mine}`)).status).toBe(204);
  });
});
