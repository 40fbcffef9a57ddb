// A re-push to a copy with hundreds of runs under way stops them all in the push's transaction,
// set-based (a few statements whatever their number, end-run-stopped.ts), with the records Stop
// run writes: the step in progress failed, the steps never reached skipped (as the copy's steps
// were before the push replaced them), nothing recorded for a trigger test, and a run that had
// ended left as it ended.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { PUSH_STOP_REASON, pushWorkflow } from "@/lib/push/push-workflow";
import { PUSH_STOP_STEP_ERROR } from "@/lib/runs/end-run-stopped";
import { createUser } from "../helpers/api-fixtures";

const http = (id: string, url: string) => ({ id, kind: "http", name: id.toUpperCase(), config: { method: "GET", url } });

describe("a re-push to a copy with many runs under way", () => {
  it("stops every one of them, each with its steps recorded", async () => {
    const provider = await db().workspace.create({ data: { name: "Acme IT", kind: "provider" } });
    const client = await db().workspace.create({ data: { name: "Client", kind: "client", providerId: provider.id } });
    const tech = await createUser([
      { workspaceId: provider.id, role: "editor" },
      { workspaceId: client.id, role: "editor" },
    ]);
    const user = await db().user.findUniqueOrThrow({ where: { id: tech.id }, select: { id: true, email: true } });
    const hook = { id: "hook", kind: "webhook", name: "Hook", config: {} };
    const source = await db().workflow.create({ data: { workspaceId: provider.id, name: "Sync", steps: [hook, http("a", "https://a.example/x"), http("b", "https://b.example/y")] } });
    const first = await pushWorkflow({ workflowId: source.id, targetWorkspaceId: client.id, user });
    const copyId = first.copy.id;

    // 300 runs under way: 260 queued, 20 executing step 2 (step 1 recorded), 20 queued trigger tests;
    // and one that has ended, which stays as it was.
    const base = Date.now() - 60_000;
    const at = (i: number) => new Date(base + i * 10);
    const queued = await db().run.createManyAndReturn({
      data: Array.from({ length: 260 }, (_, i) => ({ workflowId: copyId, workspaceId: client.id, status: "queued" as const, createdAt: at(i) })),
      select: { id: true },
    });
    const running = await db().run.createManyAndReturn({
      data: Array.from({ length: 20 }, (_, i) => ({ workflowId: copyId, workspaceId: client.id, status: "running" as const, createdAt: at(260 + i), startedAt: at(260 + i) })),
      select: { id: true },
    });
    await db().runStep.createMany({
      data: running.flatMap((r) => [
        { runId: r.id, stepId: "hook", number: 1, kind: "webhook", status: "succeeded" as const, finishedAt: new Date() },
        { runId: r.id, stepId: "a", number: 2, kind: "http", status: "running" as const, attempts: 1, startedAt: new Date() },
      ]),
    });
    const triggerTests = await db().run.createManyAndReturn({
      data: Array.from({ length: 20 }, (_, i) => ({ workflowId: copyId, workspaceId: client.id, status: "queued" as const, test: true, scope: "step", createdAt: at(280 + i) })),
      select: { id: true },
    });
    const done = await db().run.create({ data: { workflowId: copyId, workspaceId: client.id, status: "succeeded", finishedAt: new Date(), createdAt: at(300) } });

    // The provider's new version: other steps, so the records show the copy's steps as they were.
    await db().workflow.update({ where: { id: source.id }, data: { steps: [hook, http("c", "https://c.example/z")], version: { increment: 1 } } });
    const again = await pushWorkflow({ workflowId: source.id, targetWorkspaceId: client.id, user });

    const all = [...queued, ...running, ...triggerTests].map((r) => r.id);
    expect(again.runsStopped).toEqual(all); // oldest first
    const runs = await db().run.findMany({ where: { workflowId: copyId }, include: { steps: { orderBy: { number: "asc" } } } });
    const byId = new Map(runs.map((r) => [r.id, r]));
    const shape = (id: string) => byId.get(id)!.steps.map((s) => `${s.number}:${s.stepId}:${s.status}`);
    for (const id of all) {
      expect(byId.get(id)).toMatchObject({ status: "stopped", error: PUSH_STOP_REASON, finishedAt: expect.any(Date) });
    }
    for (const r of queued) expect(shape(r.id)).toEqual(["1:hook:skipped", "2:a:skipped", "3:b:skipped"]);
    for (const r of running) {
      expect(shape(r.id)).toEqual(["1:hook:succeeded", "2:a:failed", "3:b:skipped"]);
      expect(byId.get(r.id)!.steps[1].error).toBe(PUSH_STOP_STEP_ERROR);
    }
    for (const r of triggerTests) expect(shape(r.id)).toEqual([]);
    expect(byId.get(done.id)).toMatchObject({ status: "succeeded", error: null });
    expect(byId.get(done.id)!.steps).toEqual([]);

    // The finish time is the push's, written as Prisma writes one (UTC), not shifted by a zone.
    const stoppedAt = byId.get(all[0])!.finishedAt!.getTime();
    expect(Math.abs(stoppedAt - Date.now())).toBeLessThan(60_000);

    const audit = await db().auditEvent.findFirst({ where: { workflowId: copyId, action: "pushed" }, orderBy: { createdAt: "desc" } });
    expect((audit?.details as { runsStopped: string[] }).runsStopped).toHaveLength(300);
  });
});
