// GET /api/v1/workflows/{id}/runs?step=<stepId>: only the runs that reached that step, so a step
// on a rarely taken Conditions branch finds the run that took it however many runs went the
// other way since (the editor's Executions tab asks this; it once looked at the latest 20 only).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

type StepState = "succeeded" | "failed" | "skipped" | "waiting" | "running" | "pending";

/** A run recorded as the worker leaves it: one record per step, oldest runs first in time. */
async function recordRun(workflowId: string, workspaceId: string, at: Date, states: Record<string, StepState>, extra: { targetStepId?: string; status?: "succeeded" | "failed" } = {}) {
  const run = await db().run.create({
    data: { workflowId, workspaceId, status: extra.status ?? "succeeded", test: !!extra.targetStepId, targetStepId: extra.targetStepId ?? null, trigger: {}, createdAt: at },
  });
  await db().runStep.createMany({
    data: Object.entries(states).map(([stepId, status], i) => ({ runId: run.id, stepId, number: i + 1, kind: "code", status })),
  });
  return run.id;
}

async function walk(path: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let before: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await api.get(`${path}&limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.runs.map((r: Json) => r.id));
    before = res.body.nextBefore;
    if (!before) return ids;
  }
  throw new Error("paging did not end");
}

describe("runs list ?step=", () => {
  it("lists the runs that reached the step, however many runs took the other branch since", async () => {
    const wf = (
      await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
        name: "Runs by step",
        steps: [
          { id: "trig", kind: "webhook", config: {} },
          { id: "rare", kind: "code", config: { code: "return 1" } },
          { id: "usual", kind: "code", config: { code: "return 2" } },
        ],
      })
    ).body;
    expect(wf.steps.map((s: Json) => s.id)).toEqual(["trig", "rare", "usual"]);
    const base = Date.now() - 3_600_000;
    const at = (i: number) => new Date(base + i * 1000);
    const rareOk = await recordRun(wf.id, t.providerA.id, at(0), { trig: "succeeded", rare: "succeeded", usual: "skipped" });
    const rareFailed = await recordRun(wf.id, t.providerA.id, at(1), { trig: "succeeded", rare: "failed", usual: "skipped" }, { status: "failed" });
    const usual: string[] = [];
    for (let i = 0; i < 60; i++) usual.push(await recordRun(wf.id, t.providerA.id, at(2 + i), { trig: "succeeded", rare: "skipped", usual: "succeeded" }));
    // A single-step test of "usual" copies the earlier steps' outputs: it did not execute "rare".
    const testOfUsual = await recordRun(wf.id, t.providerA.id, at(70), { trig: "succeeded", rare: "succeeded", usual: "succeeded" }, { targetStepId: "usual" });
    const testOfRare = await recordRun(wf.id, t.providerA.id, at(71), { trig: "succeeded", rare: "succeeded" }, { targetStepId: "rare" });

    const latest20 = await api.get(`/api/v1/workflows/${wf.id}/runs?limit=20`);
    expect(latest20.body.runs.map((r: Json) => r.id)).not.toContain(rareOk);

    const rare = await api.get(`/api/v1/workflows/${wf.id}/runs?step=rare&limit=20`);
    expect(rare.status).toBe(200);
    expect(rare.body).toEqual({ runs: expect.any(Array), nextBefore: null });
    expect(rare.body.runs.map((r: Json) => r.id)).toEqual([testOfRare, rareFailed, rareOk]);
    expect(rare.body.runs[2]).toMatchObject({ id: rareOk, status: "succeeded", test: false });

    // Paging with the filter walks every matching run once, newest first.
    const usualWalked = await walk(`/api/v1/workflows/${wf.id}/runs?step=usual`, 7);
    expect(usualWalked).toEqual([testOfUsual, ...[...usual].reverse()]);
    // Unknown step: no run reached it. Empty: no filter.
    expect((await api.get(`/api/v1/workflows/${wf.id}/runs?step=gone`)).body).toEqual({ runs: [], nextBefore: null });
    expect((await api.get(`/api/v1/workflows/${wf.id}/runs?step=&limit=500`)).body.runs).toHaveLength(64);
  });

  it("refuses a step parameter that cannot be a step id with 400", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Runs bad step", steps: [{ kind: "webhook", config: {} }] })).body;
    const res = await api.get(`/api/v1/workflows/${wf.id}/runs?step=${encodeURIComponent("a b;c")}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("step must be a step's id");
  });
});
