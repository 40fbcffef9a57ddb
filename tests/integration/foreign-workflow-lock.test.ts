// A caller of another tenant who saves or deletes a workflow id of someone else's gets the 404 of a
// missing id without touching that workflow's rows: the access check comes before the row locks.
// It used to lock the workspace and wait for the workflow's row first, so a foreign request queued
// behind (and held locks on) another tenant's rows until its 404 rolled back (DELETE did; PUT's
// route checks the role before reading the body, and stays so).
// Here the owner's transaction holds the workflow's row for as long as the test runs: the foreign
// request must answer while it is held, and never wait on a lock.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "@/tests/helpers/api-server";
import { deleteDuring, holdRow, lockWaits } from "@/tests/helpers/lock-waits";
import type { ApiResult } from "@/tests/helpers/api-fixtures";

const server = startTestServer();

/** Runs `request` while another transaction holds the workflow's row FOR UPDATE; throws if the request waits on a lock. */
async function whileRowHeld(workflowId: string, request: () => Promise<ApiResult>): Promise<ApiResult> {
  const held = await holdRow("Workflow", workflowId);
  try {
    const answer = request();
    let answered = false;
    void answer.finally(() => (answered = true)).catch(() => {});
    // Either the answer comes while the row is still held, or the request waits on it.
    const deadline = Date.now() + 30_000;
    while (!answered) {
      if ((await lockWaits()) > 0) throw new Error("the foreign request waits on a lock of the other tenant's workflow");
      if (Date.now() > deadline) throw new Error("no answer within 30 s");
      await new Promise((r) => setTimeout(r, 50));
    }
    return await answer;
  } finally {
    held.release();
    await held.done;
  }
}

describe("a foreign workflow id under another tenant's row lock", () => {
  const make = async (name: string) => {
    const made = await server.api.post(`/api/v1/workspaces/${server.t.providerA.id}/workflows`, { name, steps: [{ kind: "webhook", config: {} }] });
    expect(made.status).toBe(201);
    return made.body;
  };

  it("PUT answers 404 like a missing id at once, and the workflow is unchanged", async () => {
    const wf = await make("Held for PUT");
    const outsider = server.as(server.t.outsider);
    const body = { name: "Taken over", steps: [{ id: wf.steps[0].id, kind: "webhook", config: {} }] };
    const res = await whileRowHeld(wf.id, () => outsider.put(`/api/v1/workflows/${wf.id}`, body));
    const missing = await outsider.put(`/api/v1/workflows/00000000-0000-4000-8000-000000000000`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toEqual(missing.body);
    expect((await db().workflow.findUniqueOrThrow({ where: { id: wf.id } })).name).toBe("Held for PUT");
  });

  it("DELETE answers 404 like a missing id at once, and the workflow stays", async () => {
    const wf = await make("Held for DELETE");
    const outsider = server.as(server.t.outsider);
    const res = await whileRowHeld(wf.id, () => outsider.del(`/api/v1/workflows/${wf.id}`));
    const missing = await outsider.del(`/api/v1/workflows/00000000-0000-4000-8000-000000000000`);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toEqual(missing.body);
    expect(await db().workflow.count({ where: { id: wf.id } })).toBe(1);
  });

  it("the owner's own save still waits for the row and then applies", async () => {
    const wf = await make("Held for the owner");
    const body = { name: "Renamed", steps: [{ id: wf.steps[0].id, kind: "webhook", config: {} }] };
    await expect(whileRowHeld(wf.id, () => server.api.put(`/api/v1/workflows/${wf.id}`, body))).rejects.toThrow(/waits on a lock/);
    // The save went on once the row was released.
    const deadline = Date.now() + 30_000;
    let name = "";
    while ((name = (await db().workflow.findUniqueOrThrow({ where: { id: wf.id } })).name) !== "Renamed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(name).toBe("Renamed");
  });

  it("the owner's save of a workflow deleted while it waited for the row answers 404", async () => {
    const wf = await make("Deleted while waited for");
    // The save passed the access check and waits for the row when the row is deleted.
    const res = await deleteDuring("Workflow", wf.id, () =>
      server.api.put(`/api/v1/workflows/${wf.id}`, { name: "Too late", steps: [{ id: wf.steps[0].id, kind: "webhook", config: {} }] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "workflow not found" });
  });
});
