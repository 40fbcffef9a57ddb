// Emptying a variable or secret that a Live workflow reads is refused as deleting it is (found by
// QA: a client emptied TICKET_PRIORITY, which its Live copy's review had required — 200, the copy
// stayed Live with its review incomplete and every run failed "value missing"): 409
// variable_in_use / secret_in_use naming the Live workflows, nothing changed, unless
// ?force=true. A key only Drafts read, or a new value, is written as before.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

describe("PUT a variable's value to null", () => {
  it("is refused while a Live copy reads it, until forced", async () => {
    const ws = t.clientA.id;
    const vars = `/api/v1/workspaces/${ws}/variables`;
    const source = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
      name: "Ticket intake",
      steps: [{ kind: "webhook", config: {} }, { kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa.example/tickets", headers: [{ name: "x-key", value: "{{ secrets.PSA_KEY }}" }], body: { type: "raw", raw: "{{ vars.TICKET_PRIORITY }}" } } }],
    });
    expect(source.status).toBe(201);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.body.id}/push`, { targetWorkspaceId: ws });
    expect(pushed.status).toBe(201);
    const copy = pushed.body.copy.id as string;
    expect((await t.adminA.put(`${vars}/TICKET_PRIORITY`, { value: "P2" })).status).toBe(200);
    expect((await t.adminA.put(`${vars}/PSA_KEY`, { value: "client-psa-key", secret: true })).status).toBe(200);
    // Only a Draft reads it: emptying is an edit like any other.
    expect((await t.adminA.put(`${vars}/TICKET_PRIORITY`, { value: null })).status).toBe(200);
    expect((await t.adminA.put(`${vars}/TICKET_PRIORITY`, { value: "P2" })).status).toBe(200);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).status).toBe(200);
    expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).status).toBe(200);

    const refused = await t.adminA.put(`${vars}/TICKET_PRIORITY`, { value: null });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: "variable_in_use",
      message: 'variable "TICKET_PRIORITY" is used by 1 workflow, 1 of them Live: emptying its value would fail their runs (value missing). Set another value, or switch them to Draft first, or empty it anyway with ?force=true',
      workflows: [{ id: copy, name: "Ticket intake", mode: "live" }],
    });
    const secret = await t.adminA.put(`${vars}/PSA_KEY`, { value: null });
    expect(secret.status).toBe(409);
    expect(secret.body).toMatchObject({ error: "secret_in_use", workflows: [{ id: copy, mode: "live" }] });
    expect(await db().variable.findFirst({ where: { workspaceId: ws, key: "TICKET_PRIORITY" }, select: { value: true } })).toEqual({ value: "P2" });
    expect((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body.complete).toBe(true);

    // Another value is fine; a secret's read echo keeps it; ?force=true empties it anyway.
    expect((await t.adminA.put(`${vars}/TICKET_PRIORITY`, { value: "P1" })).status).toBe(200);
    expect((await t.adminA.put(`${vars}/PSA_KEY`, { hasValue: true })).status).toBe(200);
    expect((await t.adminA.put(`${vars}/TICKET_PRIORITY?force=true`, { value: null })).status).toBe(200);
    expect((await t.adminA.get(`/api/v1/workflows/${copy}/review`)).body.complete).toBe(false);
  });
});
