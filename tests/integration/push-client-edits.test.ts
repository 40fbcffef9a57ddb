// A re-push over the client's own edits of its copy (found by QA: an MSP lead pushing one
// workflow to 8 clients). The push still replaces them — the copy is the provider's — but the
// client is told: its review says which changes this push replaced, the `pushed` audit event
// records them, and the client's first change of a pushed copy after a push is audited (once per
// push). A step the provider re-created (same kind, app and name, new id) keeps the client's
// account choice. Deleting the source counts its copies in the list and tells the clients.
import { describe, expect, it } from "vitest";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const plain = (steps: Json[]) => steps.map(({ id, kind, name, config }: Json) => ({ id, kind, name, config }));

async function save(api: typeof t.tech, id: string, change: (w: Json) => Json): Promise<Json> {
  const cur = (await api.get(`/api/v1/workflows/${id}`)).body;
  const put = await api.put(`/api/v1/workflows/${id}`, change({ name: cur.name, version: cur.version, steps: plain(cur.steps) }));
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return put.body;
}

const events = (workflowId: string, action: string) => db().auditEvent.findMany({ where: { workflowId, action }, orderBy: { createdAt: "asc" } });

describe("a re-push over the client's own edits", () => {
  it("says in the review and the audit which of the client's changes it replaced, and audits the client's first edit once per push", async () => {
    const source = await t.createSource("Offboarding", [
      { id: "hook", kind: "webhook", name: "HR event", config: {} },
      { id: "ticket", kind: "http", name: "Open ticket", config: { method: "POST", url: "https://psa.example.com/tickets", headers: [{ name: "x-src", value: "msp" }] } },
    ]);
    const first = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(first.status).toBe(201);
    const copyId = first.body.copy.id;
    expect(await events(copyId, "copy_edited")).toHaveLength(0);

    // The client adds a step and changes a header (two saves, as autosave would).
    await save(t.adminA, copyId, (w) => ({ ...w, steps: [...w.steps, { id: "notify", kind: "http", name: "Notify our chat", config: { method: "POST", url: "https://chat.example.com/hook" } }] }));
    await save(t.adminA, copyId, (w) => ({ ...w, steps: w.steps.map((s: Json) => (s.id === "ticket" ? { ...s, config: { ...s.config, headers: [{ name: "x-src", value: "client" }] } } : s)) }));
    const edited = await events(copyId, "copy_edited");
    expect(edited).toHaveLength(1);
    expect(edited[0].details).toMatchObject({ workflowName: "Offboarding", sourceVersion: 1 });
    expect(describeAuditEvent("copy_edited", edited[0].details as Json).text).toContain("changed since version 1 was pushed");
    expect((await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.editedSincePush).toBe(true);

    await save(t.tech, source.id, (w) => ({ ...w, steps: [...w.steps, { id: "close", kind: "code", name: "Close out", config: { code: "return 1" } }] }));
    // The provider's preflight has them too (existingCopy.clientEdits), before it pushes.
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.existingCopy).toMatchObject({ editedByClient: true, clientEdits: { steps: [{ name: "Open ticket", change: "changed" }, { name: "Notify our chat", change: "added" }] } });
    // …and the Push page's notes name them (preflight-view.tsx lists the notes), as the client's review will.
    expect(pre.notes).toContain(
      `${t.clientA.name} has edited its copy since the last push (version 1); pushing replaces those edits with this version: ` +
        `step “Open ticket” has your settings again; step “Notify our chat” (added in ${t.clientA.name}) is removed.`,
    );
    const again = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(again.status).toBe(200);
    expect(again.body.copy.steps.map((s: Json) => s.name)).toEqual(["HR event", "Open ticket", "Close out"]);

    const review = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(review.editedSincePush).toBe(false);
    const note = review.notices.find((n: string) => n.startsWith("This push replaced changes made in this workspace"));
    expect(note, JSON.stringify(review.notices)).toBeDefined();
    expect(note).toContain("step “Notify our chat” (added here) was removed");
    expect(note).toContain("step “Open ticket” has your provider's settings again");

    const [pushed] = await db().auditEvent.findMany({ where: { workflowId: copyId, action: "pushed" }, orderBy: { createdAt: "desc" }, take: 1 });
    const details = pushed.details as Json;
    expect(details.clientEditsReplaced).toMatchObject({
      previousVersion: 1,
      workflowRenamed: null,
      steps: [
        { stepId: "ticket", name: "Open ticket", change: "changed" },
        { stepId: "notify", name: "Notify our chat", change: "added" },
      ],
    });
    expect(describeAuditEvent("pushed", details).text).toContain("replaced the client's own changes (2 steps)");

    // A new push cycle: the next edit is audited again, once.
    await save(t.adminA, copyId, (w) => ({ ...w, name: "Offboarding (ours)" }));
    await save(t.adminA, copyId, (w) => ({ ...w, name: "Offboarding (ours!)" }));
    expect(await events(copyId, "copy_edited")).toHaveLength(2);

    // A push over an unedited copy says nothing of the kind.
    await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    const quiet = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(quiet.notices.filter((n: string) => n.startsWith("This push replaced"))).toEqual([]);
  });
});

describe("a step the provider re-created under a new id", () => {
  it("keeps the client's account choice when it plainly replaces the old step (same kind, app and name)", async () => {
    const psaP = await createAccount(t.tech, t.provider.id, "psa", "Provider PSA 2", { token: "p" });
    const source = await t.createSource("Ticket flow", [
      { id: "hook", kind: "webhook", config: {} },
      { id: "old", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", connectionId: psaP } },
    ]);
    const ws = t.clientB.id;
    const one = await createAccount(t.adminB, ws, "psa", "Client PSA one", { token: "c1" }, "https://psa-one.example.com");
    const two = await createAccount(t.adminB, ws, "psa", "Client PSA two", { token: "c2" }, "https://psa-two.example.com");
    const copyId = (await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws })).body.copy.id;
    const chose = await t.adminB.put(`/api/v1/workflows/${copyId}/review/accounts/old`, { connectionId: two });
    expect(chose.status, JSON.stringify(chose.body)).toBe(200);

    // Deleted and added again in the editor: a new id, the same kind, app and name.
    await save(t.tech, source.id, (w) => ({ ...w, steps: [w.steps[0], { id: "new", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", connectionId: psaP } }] }));
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    const psa = pre.connections.find((c: Json) => c.app === "psa");
    expect(psa.steps).toEqual([expect.objectContaining({ stepId: "new", result: "kept", account: { id: two, name: "Client PSA two" } })]);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
    expect(pushed.status).toBe(200);
    expect(pushed.body.copy.steps[1]).toMatchObject({ id: "new", config: { connectionId: two } });
    expect(one).not.toBe(two);

    // A step of another name is not the same step: no choice is carried over to it.
    await save(t.tech, source.id, (w) => ({ ...w, steps: [w.steps[0], { id: "other", kind: "http", name: "Update ticket", config: { method: "POST", url: "/tickets", connectionId: psaP } }] }));
    const third = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
    expect(third.body.copy.steps[1]).toMatchObject({ id: "other", config: { connectionId: null } });
  });
});

describe("deleting a workflow that has pushed copies", () => {
  it("has its copies counted for the confirmation, and the client's review says the provider's workflow was deleted", async () => {
    const source = await t.createSource("Gone soon", [{ id: "hook", kind: "webhook", config: {} }]);
    const a = (await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id })).body.copy.id;
    await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientB.id });
    // What the list's delete confirmation counts (components/workflows/use-pushed-copies.ts).
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies).toHaveLength(2);
    expect((await t.tech.del(`/api/v1/workflows/${source.id}`)).status).toBe(204);
    const review = (await t.adminA.get(`/api/v1/workflows/${a}/review`)).body;
    expect(review.source.workflowId).toBeNull();
    expect(review.notices).toContain("Your provider deleted its workflow “Gone soon”: this copy gets no further updates from it. It stays yours to use and change.");
  });
});
