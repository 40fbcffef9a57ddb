// executeRun without a database: a recording progress writer shows what the engine saves and
// in which order (pure steps only; waits and retries go through the database and are covered
// by the integration tests).
import { describe, expect, it, vi } from "vitest";
import type { PgBoss } from "pg-boss";
import { createProgressWriter } from "@/lib/runs/create-progress-writer";
import { executeRun } from "@/lib/runs/execute-run";
import type { ProgressWrite, RunWork, StepRecord } from "@/lib/runs/run-records";
import type { Step } from "@/lib/workflows/definition";

// The only queries a run without a database makes: the log lines of a record it closes, and the
// renumbering of records an edit moved (covered by run-engine-edit-while-waiting.test.ts).
vi.mock("@/lib/runs/load-step-logs", () => ({ loadStepLogs: async () => ["waited from the first run"] }));
vi.mock("@/lib/runs/renumber-moved-records", () => ({ renumberMovedRecords: async () => {} }));

const t = (id: string, expression: string): Step => ({ id, kind: "transform", name: id, config: { fields: [{ name: "v", expression }] } });
const cond = (id: string, branches: [string, string, string][], otherwise: string | null): Step => ({
  id,
  kind: "conditions",
  name: id,
  config: { branches: branches.map(([bid, left, target]) => ({ id: bid, rules: [{ left, op: "equals", right: true }], target })), otherwise: { target: otherwise } },
});

function work(steps: Step[], trigger: unknown, records: StepRecord[] = [], extra: Partial<RunWork["run"]> = {}): RunWork {
  return {
    run: { id: "run", workflowId: "wf", workspaceId: "ws", status: records.length ? "running" : "queued", test: false, scope: "workflow", targetStepId: null, trigger, ...extra },
    steps: [{ id: "hook", kind: "webhook", name: "hook", config: {} }, ...steps],
    records: new Map(records.map((r) => [r.stepId, r])),
    values: { vars: {}, secrets: { KEY: "sup3r-secret" } },
    files: {},
  };
}

async function run(w: RunWork) {
  const writes: ProgressWrite[] = [];
  const write = async (x: ProgressWrite) => (writes.push(x), true);
  const result = await executeRun({ work: w, write, boss: {} as PgBoss, signal: new AbortController().signal });
  const steps = new Map<string, string>();
  for (const x of writes) for (const s of x.steps ?? []) steps.set(s.stepId, s.status);
  return { result, writes, steps: Object.fromEntries(steps), final: writes.at(-1)?.run };
}

describe("executeRun", () => {
  it("saves step 1 with the move to running, each step as it finishes, and ends with the last step", async () => {
    const r = await run(work([t("a", "{{ 1.n }} + 1"), t("b", "{{ 2.v }} * 2")], { n: 1 }));
    expect(r.result).toBe("finished");
    expect(r.writes.map((w) => [(w.steps ?? []).map((s) => `${s.stepId}:${s.status}`).join(","), w.run?.status ?? "-"])).toEqual([
      ["hook:succeeded", "running"],
      ["a:succeeded", "-"],
      ["b:succeeded", "succeeded"],
    ]);
  });

  it("runs a branch from its target to the step before the next target, then ends", async () => {
    const steps = [cond("c", [["x", "{{ 1.x }}", "x1"], ["y", "{{ 1.y }}", "y1"]], "z1"), t("x1", "1"), t("x2", "2"), t("y1", "3"), t("z1", "4"), t("z2", "5")];
    expect((await run(work(steps, { x: true }))).steps).toEqual({ hook: "succeeded", c: "succeeded", x1: "succeeded", x2: "succeeded", y1: "skipped", z1: "skipped", z2: "skipped" });
    expect((await run(work(steps, { y: true }))).steps).toEqual({ hook: "succeeded", c: "succeeded", x1: "skipped", x2: "skipped", y1: "succeeded", z1: "skipped", z2: "skipped" });
    expect((await run(work(steps, {}))).steps).toEqual({ hook: "succeeded", c: "succeeded", x1: "skipped", x2: "skipped", y1: "skipped", z1: "succeeded", z2: "succeeded" });
  });

  it("stops on a stop target and ends on a null otherwise", async () => {
    const steps = [cond("c", [["dup", "{{ 1.dup }}", "stop"]], null), t("after", "1")];
    const stopped = await run(work(steps, { dup: true }));
    expect([stopped.final?.status, stopped.steps.after]).toEqual(["stopped", "skipped"]);
    const ended = await run(work(steps, {}));
    expect([ended.final?.status, ended.steps.after]).toEqual(["succeeded", "skipped"]);
  });

  it("a run a Conditions branch stops says which step and branch stopped it, as a person's Stop names who", async () => {
    const ping: Step = { id: "c", kind: "conditions", name: "Is it a ping?", config: { branches: [{ id: "br_x1", name: "Ping", rules: [{ left: "{{ 1.ping }}", op: "equals", right: true }], target: "stop" }, { id: "br_x2", rules: [{ left: "{{ 1.other }}", op: "equals", right: true }], target: "stop" }], otherwise: { target: "stop" } } };
    const steps = [ping, t("after", "1")];
    expect((await run(work(steps, { ping: true }))).final).toMatchObject({ status: "stopped", error: 'stopped by step 2 (Conditions "Is it a ping?"): branch "Ping" leads to Stop the run' });
    expect((await run(work(steps, { other: true }))).final).toMatchObject({ status: "stopped", error: 'stopped by step 2 (Conditions "Is it a ping?"): branch "Branch 2" leads to Stop the run' });
    expect((await run(work(steps, {}))).final).toMatchObject({ status: "stopped", error: 'stopped by step 2 (Conditions "Is it a ping?"): no branch matched, and Otherwise leads to Stop the run' });
  });

  it("the Conditions step's log names the step a branch leads to, not its id", async () => {
    const go: Step = { id: "c", kind: "conditions", name: "Conditions", config: { branches: [{ id: "br_1", rules: [{ left: "{{ 1.go }}", op: "equals", right: true }], target: "st_yZjt59SE-" }], otherwise: { target: null } } };
    const wait: Step = { id: "st_yZjt59SE-", kind: "transform", name: "Data Transformation", config: { fields: [{ name: "v", expression: "1" }] } };
    const r = await run(work([go, t("mid", "1"), wait], { go: true }));
    const logs = r.writes.flatMap((w) => (w.steps ?? []).filter((s) => s.stepId === "c").flatMap((s) => s.logs ?? []));
    expect(logs).toContain('taken: branch "Branch 1" → step 4 (Data Transformation)');
    const otherwise = await run(work([go, t("mid", "1"), wait], {}));
    expect(otherwise.writes.flatMap((w) => (w.steps ?? []).filter((s) => s.stepId === "c").flatMap((s) => s.logs ?? []))).toContain("taken: Otherwise → end of run");
  });

  it("continues after the last completed step without executing or rewriting it", async () => {
    const done: StepRecord[] = [
      { stepId: "hook", number: 1, kind: "webhook", status: "succeeded", output: { n: 41 }, error: null, attempts: 1 },
      { stepId: "a", number: 2, kind: "transform", status: "succeeded", output: { v: 42 }, error: null, attempts: 1 },
    ];
    const r = await run(work([t("a", "999"), t("b", "{{ 2.v }} + 1")], { n: 41 }, done));
    expect(r.writes.flatMap((w) => (w.steps ?? []).map((s) => s.stepId))).toEqual(["b"]);
    expect(r.writes[0].steps![0].output).toEqual({ v: 43 });
  });

  it("closes a parked Wait that an edit moved off the path the resumed run takes, instead of leaving it waiting", async () => {
    // Branch a (taken) runs s3 and the Wait; otherwise runs s5. The run parked on the Wait.
    const s3 = t("s3", "3");
    const wait: Step = { id: "w", kind: "wait", name: "w", config: { mode: "duration", seconds: 3600 } };
    const s5 = t("s5", "5");
    const parked: StepRecord[] = [
      { stepId: "hook", number: 1, kind: "webhook", status: "succeeded", output: {}, error: null, attempts: 1 },
      { stepId: "c", number: 2, kind: "conditions", status: "succeeded", output: { branch: "a" }, error: null, attempts: 1 },
      { stepId: "s3", number: 3, kind: "transform", status: "succeeded", output: { v: 3 }, error: null, attempts: 1 },
      { stepId: "w", number: 4, kind: "wait", status: "waiting", output: { resumeAt: new Date(0).toISOString() }, error: null, attempts: 1 },
    ];
    const edits = {
      "Wait moved to the end": [cond("c", [["a", "{{ 1.a }}", "s3"]], "s5"), s3, s5, wait],
      "branch a pointed past the Wait": [cond("c", [["a", "{{ 1.a }}", "s5"]], "s5"), s3, wait, s5],
    };
    for (const [edit, steps] of Object.entries(edits)) {
      const r = await run(work(steps, { a: true }, parked));
      expect([edit, r.final?.status, r.steps.w]).toEqual([edit, "succeeded", "skipped"]);
      const closed = r.writes.flatMap((x) => x.steps ?? []).find((s) => s.stepId === "w");
      expect(closed).toMatchObject({
        number: steps.indexOf(wait) + 2,
        error: "not run: the workflow was edited while the run waited here, and the path the run took no longer reaches this step",
        output: parked[3].output,
        logs: ["waited from the first run"],
        attempts: 1,
      });
    }
  });

  it("a Wait it resumed from and then passed stays succeeded: only records the run never reached are closed at its end", async () => {
    const wait: Step = { id: "w", kind: "wait", name: "w", config: { mode: "duration", seconds: 60 } };
    const parked: StepRecord[] = [
      { stepId: "hook", number: 1, kind: "webhook", status: "succeeded", output: {}, error: null, attempts: 1 },
      { stepId: "w", number: 2, kind: "wait", status: "waiting", output: { resumeAt: new Date(0).toISOString() }, error: null, attempts: 1 },
    ];
    const r = await run(work([wait, t("s3", "3")], {}, parked));
    expect(r.final?.status).toBe("succeeded");
    expect(r.writes.flatMap((x) => x.steps ?? []).filter((s) => s.stepId === "w").map((s) => s.status)).toEqual(["succeeded"]);
    expect(r.steps).toEqual({ w: "succeeded", s3: "succeeded" });
  });

  it("fails the run naming the step, skips the rest and masks secrets in the error", async () => {
    const r = await run(work([t("bad", '"{{ secrets.KEY }}" & $undefinedFn()'), t("never", "1")], {}));
    expect(r.steps).toEqual({ hook: "succeeded", bad: "failed", never: "skipped" });
    expect(r.final?.status).toBe("failed");
    expect(r.final?.error).toMatch(/^step 2 \(Data Transformation "bad"\): field "v": /);
    expect(JSON.stringify(r.writes)).not.toContain("sup3r-secret");
  });

  it("fails an unfinished step naming the field, instead of running it on an empty value", async () => {
    const unfinished: Step = { id: "call", kind: "http", name: "call", config: { method: "GET", url: "" } };
    const r = await run(work([t("a", "1"), unfinished, t("never", "1")], {}));
    expect(r.steps).toEqual({ hook: "succeeded", a: "succeeded", call: "failed", never: "skipped" });
    expect(r.final?.error).toBe('step 3 (HTTP Request "call"): URL is required (the step was saved unfinished: fill it in in the editor)');
  });

  it("a single-step test of a later step says running, on a write of its own, before the step executes", async () => {
    const hook: StepRecord = { stepId: "hook", number: 1, kind: "webhook", status: "succeeded", output: { n: 1 }, error: null, attempts: 1 };
    const r = await run(work([t("a", "{{ 1.n }} + 1")], { n: 1 }, [hook], { status: "queued", scope: "step", targetStepId: "a" }));
    expect(r.writes.map((w) => [(w.steps ?? []).map((s) => `${s.stepId}:${s.status}`).join(","), w.run?.status ?? "-"])).toEqual([
      ["", "running"],
      ["a:succeeded", "succeeded"],
    ]);
    expect(r.writes[0].run?.startedAt).toBeInstanceOf(Date);
  });

  it("records only step 1 for a trigger test and masks secrets in the stored trigger", async () => {
    const r = await run(work([t("a", "1")], { token: "sup3r-secret" }, [], { scope: "step" }));
    expect(r.steps).toEqual({ hook: "succeeded" });
    expect(r.final).toMatchObject({ status: "succeeded", trigger: { token: "••••" } });
  });
});

describe("createProgressWriter", () => {
  it("writes everything that arrives together in one statement and isolates a bad write", async () => {
    const calls: number[] = [];
    const write = createProgressWriter(async (steps) => {
      calls.push(steps.length);
      if (steps.some((s) => s.stepId === "bad")) throw new Error("refused");
      return new Set(steps.filter((s) => s.stepId !== "final").map((s) => `${s.runId}/${s.stepId}`));
    });
    const step = (runId: string, stepId: string) => ({ steps: [{ runId, stepId, number: 1, kind: "transform", status: "succeeded" as const, attempts: 1 }] });
    const results = await Promise.allSettled([write(step("r1", "a")), write(step("r2", "a")), write(step("r3", "bad")), write(step("r4", "final"))]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "rejected"))).toEqual([true, true, "rejected", false]);
    expect(calls).toEqual([4, 1, 1, 1, 1]);
  });
});
