// Outputs too large or too deeply nested to keep, from the steps that compute data in the worker
// (Data Transformation, Summarize, Parse JSON): a step whose output is over the size limit fails
// saying so — a Data Transformation field `$pad("", 300000000, "x")` (now refused by $pad itself,
// as is a text joined past 16,777,216 characters by `&`: run-engine-text-limits.test.ts) made a
// 300 MB output that the worker serialised, masked and wrote for over a minute, holding its runs, and that every read
// of the run then carried — and one nested past what JSON serialisation takes fails naming that,
// not "output is not JSON: Maximum call stack size exceeded".
import { describe, expect, it } from "vitest";
import { createWorkflow, enqueueRun, finishedRun, startEngineWorker, type StepSpec } from "./run-engine-fixtures";

startEngineWorker();

async function runOf(step: StepSpec, trigger: unknown = {}) {
  return finishedRun(await enqueueRun(await createWorkflow([{ kind: "webhook", config: {} }, step]), trigger), 60_000);
}

describe("a step's output over what a run keeps", () => {
  it("fails a Data Transformation whose output is over the limit, with its size, and the worker goes on", async () => {
    // Two fields of 5 million "é": 10 million characters, 20 MB as UTF-8 (`&` would refuse to join
    // one text of 20 million).
    const fields = ["a", "b"].map((name) => ({ name, expression: '$pad("", 5000000, "é")' }));
    const run = await runOf({ kind: "transform", config: { fields } });
    expect(run.status).toBe("failed");
    expect(run.steps[1].status).toBe("failed");
    expect(run.steps[1].error).toBe("the output is 19.1 MB as JSON; a step's output may be at most 16 MB (return a summary, or what a later step needs)");
    expect(run.steps[1].output).toBeNull();

    const next = await runOf({ kind: "transform", config: { fields: [{ name: "small", expression: '$pad("", 3, "x")' }] } });
    expect(next.status).toBe("succeeded");
    expect(next.steps[1].output).toEqual({ small: "xxx" });
  });

  it("keeps an output just under the limit", async () => {
    const run = await runOf({ kind: "transform", config: { fields: [{ name: "a", expression: '$pad("", 16000000, "x")' }] } });
    expect(run.status).toBe("succeeded");
    expect((run.steps[1].output as { a: string }).a).toHaveLength(16_000_000);
  });

  it("fails a Parse JSON whose value is nested too deeply to keep, saying so", async () => {
    const run = await runOf({ kind: "parse_json", config: { input: "{{ 1.text }}" } }, { text: "[".repeat(20_000) + "]".repeat(20_000) });
    expect(run.status).toBe("failed");
    expect(run.steps[1].error).toBe("the output is nested too deeply to keep (a list or object inside another thousands of levels down)");
  });
});
