// A push accepts only the sample-data options its preflight offers for that target: `replace`
// only where the client's copy holds testing data of its own. Elsewhere it is a 400 naming the
// offered options, and nothing is pushed (the client's review would otherwise say the provider's
// sample data replaced the trigger's testing data, which never existed).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let sourceId: string;

beforeAll(async () => {
  const source = await t.createSource("Sample data options", [{ id: "hook", kind: "webhook", name: "Hook", config: { testingData: { from: "provider" } } }]);
  sourceId = source.id;
});

const push = (sampleData: string) => t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: t.clientA.id, sampleData });

describe("POST /workflows/{id}/push sampleData", () => {
  it("refuses replace on a first push, naming the offered options, and pushes nothing", async () => {
    const pre = await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${t.clientA.id}`);
    expect(pre.body.sampleData.options).toEqual(["keep", "clear"]);
    const r = await push("replace");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", options: ["keep", "clear"], message: expect.stringContaining("choose keep or clear") });
    expect(await db().workflowCopy.count({ where: { sourceWorkflowId: sourceId } })).toBe(0);
  });

  it("refuses replace on a re-push while the client has no testing data of its own", async () => {
    expect((await push("keep")).status).toBe(201);
    const r = await push("replace");
    expect(r.status).toBe(400);
    expect(r.body.options).toEqual(["keep", "clear"]);
    expect((await db().workflowCopy.findFirstOrThrow({ where: { sourceWorkflowId: sourceId } })).sampleData).toBe("keep");
  });
});

// `sampleData` only has a meaning where the provider's workflow has sample data: elsewhere a
// script need not send it (the push keeps any testing data the client set itself, as `keep`
// does); where it has, leaving it out is a 400 naming the step and the options.
describe("POST /workflows/{id}/push without sampleData", () => {
  const create = async (name: string, config: Record<string, unknown>) => (await t.createSource(name, [{ id: "hook", kind: "webhook", name: "Hook", config }])).id as string;
  const pushTo = (id: string, body: Record<string, unknown> = {}) => t.tech.post(`/api/v1/workflows/${id}/push`, { targetWorkspaceId: t.clientB.id, ...body });

  it("pushes a workflow without sample data, and a re-push keeps the client's own testing data", async () => {
    const id = await create("No sample data", {});
    const first = await pushTo(id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const copyId = first.body.copy.id as string;
    const link = await db().workflowCopy.findFirstOrThrow({ where: { sourceWorkflowId: id } });
    expect(link.sampleData).toBe("keep");

    // The client sets testing data of its own; a push without a choice leaves it alone.
    const copy = (await t.adminB.get(`/api/v1/workflows/${copyId}`)).body;
    const own = { host: "client-b" };
    const saved = await t.adminB.put(`/api/v1/workflows/${copyId}`, { name: copy.name, steps: [{ ...copy.steps[0], config: { ...copy.steps[0].config, testingData: own } }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // With no sample data of the provider's there, `replace` would replace it with nothing: not offered.
    const pre = (await t.tech.get(`/api/v1/workflows/${id}/push-preflight?target=${t.clientB.id}`)).body;
    expect(pre.sampleData).toMatchObject({ present: false, clientOwn: [{ stepId: "hook", kept: true }], options: ["keep", "clear"] });
    expect(pre.notes.join(" ")).toContain("Client B has its own testing data on step 1 (Hook); you have no sample data there, so the push leaves it as it is.");
    expect(pre.notes.join(" ")).not.toContain("only replace overwrites it");
    const replace = await pushTo(id, { sampleData: "replace" });
    expect(replace.status).toBe(400);
    expect(replace.body.options).toEqual(["keep", "clear"]);
    const again = await pushTo(id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.preflight.sampleData.clientOwn).toEqual([{ stepId: "hook", number: 1, name: "Hook", kept: true }]);
    expect((await t.adminB.get(`/api/v1/workflows/${copyId}`)).body.steps[0].config.testingData).toEqual(own);
  });

  it("refuses a missing choice where the workflow has sample data: 400 naming the step and the options, nothing pushed", async () => {
    const id = await create("Has sample data", { testingData: { from: "provider" } });
    const r = await pushTo(id);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", field: "sampleData", options: ["keep", "clear"] });
    expect(r.body.message).toContain("step 1 (Hook)");
    expect(r.body.message).toContain('"keep" or "clear"');
    expect(await db().workflowCopy.count({ where: { sourceWorkflowId: id } })).toBe(0);
    // The existing contract stands: an explicit choice pushes.
    expect((await pushTo(id, { sampleData: "clear" })).status).toBe(201);
  });
});
