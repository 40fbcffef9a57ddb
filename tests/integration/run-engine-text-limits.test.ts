// JSONata's $length, $substring and $pad made an array of the whole text, one string per character,
// inside one call, where the expression's 1 s limit is never checked: a Data Transformation field
// `($a := $pad("", 100000000, "x"); $b := $a & $a; $c := $b & $b; $length($c))` left its run
// `running` with no record of the step for over 400 s (the worker thrashing a 400-million-item
// array). With the real worker: such a field fails its step at once, saying what was too long, in
// the worker and in the sandbox (an expression holding a regex), and the worker's next run succeeds;
// ordinary text keeps JSONata's values, counted in characters (an emoji is one). `&` refuses to join
// a text past the limit too (lib/steps/jsonata-text-functions.ts), so the doubling never gets there.
import { describe, expect, it } from "vitest";
import { createWorkflow, enqueueRun, finishedRun, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();

async function transform(fields: { name: string; expression: string }[], timeoutMs = 60_000) {
  return finishedRun(await enqueueRun(await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields } }]), {}), timeoutMs);
}

const QA = '($a := $pad("", 100000000, "x"); $b := $a & $a; $c := $b & $b; $length($c))';
const PAD_REFUSED = "$pad: a width of 100,000,000 characters; at most 16,777,216 (a step's output may be at most 16 MB)";

describe("text functions over a text too long for any output", () => {
  it("fails QA's four runs of the expression within seconds, saying so, and the worker runs the next", async () => {
    const workflow = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "n", expression: QA }] } }]);
    const ids = await Promise.all([1, 2, 3, 4].map(() => enqueueRun(workflow, {})));
    for (const id of ids) {
      const run = await finishedRun(id, 30_000);
      expect(run.status).toBe("failed");
      expect(run.steps[1].status).toBe("failed");
      expect(run.steps[1].error).toContain(PAD_REFUSED);
    }

    const next = await transform([{ name: "small", expression: '$pad("", 3, "x")' }], 30_000);
    expect(next.status).toBe("succeeded");
    expect(next.steps[1].output).toEqual({ small: "xxx" });
  });

  it("refuses & joining a text past the limit, and a step returning one built by doubling, in the worker and in the sandbox", async () => {
    const joined = '$a := $pad("", 10000000, "x"); $b := $a & $a; $c := $b & $b';
    const worker = await transform([{ name: "n", expression: `(${joined}; $length($c & $c))` }], 30_000);
    expect(worker.steps[1].error).toContain("&: a result of 20,000,000 characters; at most 16,777,216");
    const sandbox = await transform([{ name: "n", expression: `(${joined}; $contains("a", /a/) ? $length($c & $c) : 0)` }], 30_000);
    expect(sandbox.steps[1].error).toContain("&: a result of 20,000,000 characters; at most 16,777,216");
    // 500 million characters for nothing, which the output's JSON then wrote out for 5 s and 2.5 GB.
    const doubled = await transform([{ name: "big", expression: '$reduce([1..25], function($a, $i) { $a & $a }, "xxxxxxxxxxxxxxx")' }], 30_000);
    expect(doubled.status).toBe("failed");
    expect(doubled.steps[1].error).toContain("&: a result of 31,457,280 characters; at most 16,777,216 (a step's output may be at most 16 MB)");
  });

  it("keeps JSONata's values for ordinary text, an emoji one character, in both paths", async () => {
    const expressions = {
      length: '$length("a😀bc")',
      sub: '$substring("a😀bcdé", 1, 3)',
      tail: '$substring("a😀bcdé", -2)',
      padLeft: '$pad("😀", -4, "ab")',
      padRight: '$pad("x", 3)',
      upper: '$uppercase("héllo")',
      trimmed: '$trim("  a \t b  ")',
      before: '$substringBefore("a-b-c", "-")',
      after: '$substringAfter("a-b-c", "-")',
      atLimit: '$length($pad("", 16777216, "x"))',
    };
    const expected = { length: 4, sub: "😀bc", tail: "dé", padLeft: "aba😀", padRight: "x  ", upper: "HÉLLO", trimmed: "a b", before: "a", after: "b-c", atLimit: 16_777_216 };
    const worker = await transform(Object.entries(expressions).map(([name, expression]) => ({ name, expression })));
    expect(worker.status).toBe("succeeded");
    expect(worker.steps[1].output).toEqual(expected);
    // A regex literal sends the whole expression to the sandbox isolate.
    const sandbox = await transform(Object.entries(expressions).map(([name, expression]) => ({ name, expression: `$contains("a", /a/) ? ${expression} : null` })));
    expect(sandbox.status).toBe("succeeded");
    expect(sandbox.steps[1].output).toEqual(expected);
  });
});
