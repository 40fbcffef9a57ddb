// QA: three installs of one blueprint at once into a fresh client answered namesakes 0, 1, 1 —
// each counted the workflows of its name before inserting, and two counted before either
// inserted. Installs into a workspace now take turns (an advisory lock on it in the install's
// transaction), so each counts every one before it: 0, 1 and 2, in some order.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const install = (ws: string, slug: string, body: unknown) => api.post(`/api/v1/workspaces/${ws}/blueprints/${slug}`, body);
let n = 0;
const freshClient = async () => (await db().workspace.create({ data: { name: `Namesakes client ${++n}`, kind: "client", providerId: t.providerA.id } })).id;

describe("installs of the same blueprint at once", () => {
  it("count every install before them: namesakes 0, 1 and 2 for three", async () => {
    for (let round = 0; round < 3; round++) {
      const ws = await freshClient();
      const res = await Promise.all([0, 1, 2].map(() => install(ws, "low-disk-remediation", { setup: { cleanupScriptId: "scr-cleanup-01" } })));
      for (const r of res) expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(201);
      expect(res.map((r) => r.body.blueprint.namesakes as number).sort()).toEqual([0, 1, 2]);
      expect(await db().workflow.count({ where: { workspaceId: ws } })).toBe(3);
    }
  });

  it("into two workspaces at once count each workspace's own", async () => {
    const [a, b] = [await freshClient(), await freshClient()];
    const res = await Promise.all([a, b, a, b].map((ws) => install(ws, "low-disk-remediation", { setup: { cleanupScriptId: "scr-cleanup-01" } })));
    for (const r of res) expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(201);
    expect(res.map((r) => r.body.blueprint.namesakes as number).sort()).toEqual([0, 0, 1, 1]);
  });
});
