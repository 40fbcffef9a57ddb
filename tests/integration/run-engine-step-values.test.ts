// Step executors on awkward values, through a real worker: what a run records when a Conditions
// rule compares ids and codes written as text, a Wait's instant is a reference with no value, a
// Summarize aggregates 200,000 rows, a Data Transformation sorts 200,000 values, and a field is a
// bare function or is named __proto__.
import { describe, expect, it } from "vitest";
import { createWorkflow, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();

describe("step values through a run", () => {
  it("de-duplicates on an id sent as text without taking a new id for a seen one (two texts compare as text)", async () => {
    // The spec's pattern (§6.4): an early Conditions step stops the run when the id was already seen.
    const seen = (left: string, op: string, right: string) => ({ id: "seen", match: "any", rules: [{ left, op, right }], target: "stop" });
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      {
        kind: "conditions",
        config: {
          branches: [
            seen("{{ 1.id }}", "in_list", "9007199254740992, 42"),
            { ...seen("{{ 1.code }}", "equals", "7"), id: "code" },
            { ...seen("{{ 1.ver }}", "equals", "1.1"), id: "ver" },
          ],
          otherwise: { target: "s3" },
        },
      },
      { kind: "transform", config: { fields: [{ name: "handled", expression: "{{ 1.id }}" }] } },
    ]);
    const fresh = await finishedRun(await enqueueRun(wf, { id: "9007199254740993", code: "007", ver: "1.10", count: 5 }));
    expect([fresh.status, ...statuses(fresh)]).toEqual(["succeeded", "1:succeeded", "2:succeeded", "3:succeeded"]);
    expect(fresh.steps[1].output).toEqual({ branch: "otherwise", matched: false });
    expect(fresh.steps[2].output).toEqual({ handled: "9007199254740993" });

    // The id seen before stops its run; a payload's number still equals the text typed in the editor.
    const dup = await finishedRun(await enqueueRun(wf, { id: "9007199254740992" }));
    expect(dup.status).toBe("stopped");
    const count = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "conditions", config: { branches: [seen("{{ 1.count }}", "equals", "5")], otherwise: { target: null } } },
    ]);
    expect((await finishedRun(await enqueueRun(count, { count: 5 }))).status).toBe("stopped");
  });

  it("fails a Wait until a reference with no value, naming the reference", async () => {
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "wait", config: { mode: "until", at: "{{ 1.nope }}" } },
    ]);
    const run = await finishedRun(await enqueueRun(wf, { at: "2026-12-01T00:00:00Z" }));
    expect(run.status).toBe("failed");
    expect(run.steps[1].error).toBe("{{ 1.nope }} has no value in this run, so there is no date and time to wait until");
    expect(run.steps[1].unresolved).toEqual(["{{ 1.nope }}"]);
  });

  it("gives min and max of 200,000 rows", async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ g: i % 2, v: (i * 7919) % 200_003 }));
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "summarize", config: { input: "{{ 1.rows }}", groupBy: [], aggregates: [{ name: "mn", op: "min", field: "v" }, { name: "mx", op: "max", field: "v" }] } },
    ]);
    const run = await finishedRun(await enqueueRun(wf, { rows }), 60_000);
    expect(run.error).toBeNull();
    const vs = rows.map((r) => r.v);
    expect((run.steps[1].output as { totals: unknown }).totals).toEqual({ mn: vs.reduce((a, b) => Math.min(a, b)), mx: vs.reduce((a, b) => Math.max(a, b)) });
  });

  it("sorts and takes the max of 200,000 values in a Data Transformation, and the worker lives on", async () => {
    const n = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003);
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "transform", config: { fields: [{ name: "sorted", expression: "($s := $sort({{ 1.n }}); [$s[0], $s[-1]])" }, { name: "max", expression: "$max({{ 1.n }})" }] } },
    ]);
    const run = await finishedRun(await enqueueRun(wf, { n }), 60_000);
    expect(run.error).toBeNull();
    const sorted = [...n].sort((a, b) => a - b);
    expect(run.steps[1].output).toEqual({ sorted: [sorted[0], sorted[sorted.length - 1]], max: sorted[sorted.length - 1] });
  });

  it("fails a Data Transformation field that is a bare function, and keeps a field named __proto__", async () => {
    const fn = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "transform", config: { fields: [{ name: "c2", expression: "$count" }] } },
    ]);
    const failed = await finishedRun(await enqueueRun(fn, {}));
    expect(failed.status).toBe("failed");
    expect(failed.steps[1].error).toBe('field "c2": the expression gives a function, not a value: call it with its arguments, e.g. $count({{ 1.rows }}) rather than $count');

    const proto = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "transform", config: { fields: [{ name: "__proto__", expression: "{ 'polluted': 1 }" }, { name: "a", expression: "1" }] } },
      { kind: "code", config: { code: "return { keys: Object.keys(steps[2]), inner: steps[2]['__proto__'], polluted: steps[2].polluted ?? null }" } },
    ]);
    const run = await finishedRun(await enqueueRun(proto, {}));
    expect(run.status).toBe("succeeded");
    expect(JSON.stringify(run.steps[1].output)).toBe('{"__proto__":{"polluted":1},"a":1}');
    expect(run.steps[2].output).toEqual({ keys: ["__proto__", "a"], inner: { polluted: 1 }, polluted: null });
  });
});
