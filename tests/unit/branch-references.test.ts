// A step's reference to an earlier step no run reaching it has run — a step on another branch of
// a Conditions step, or one no run reaches — resolved to nothing on every run and nothing said so
// before a run listed it as unresolved. It is now unfinished: named under its field, refused for
// Live (409 step_incomplete), and a run that still reaches it fails saying why. A step that some
// runs reach after the step it reads (a nested Conditions step's branch leading into steps
// another branch reaches too) is not refused: those runs have the output.
import { describe, expect, it } from "vitest";
import { blockingProblems, checkStepFields, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import type { EditorStep } from "@/lib/editor/step-ops";
import { executeStep } from "@/lib/runs/execute-step";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import { findBranchReferenceErrors } from "@/lib/workflows/branch-references";

const hook = (): EditorStep => ({ id: "t", kind: "webhook", name: "Webhook", config: {} });
const http = (id: string, url: string): EditorStep => ({ id, kind: "http", name: "HTTP Request", config: { method: "GET", url } });
const code = (id: string, body = "return 1;"): EditorStep => ({ id, kind: "code", name: "Code Execution", config: { code: body } });
const cond = (id: string, branches: [string, string][], otherwise: string | null): EditorStep => ({
  id,
  kind: "conditions",
  name: "Conditions",
  config: {
    branches: branches.map(([name, target], i) => ({ id: `${id}b${i}`, name, match: "all", rules: [{ left: "{{ 1.a }}", op: "equals", right: "x" }], target })),
    otherwise: { target: otherwise },
  },
});
const messages = (steps: EditorStep[]) => findBranchReferenceErrors(steps).map((p) => `${p.step} ${p.field}: ${p.message}`);

// 1 webhook, 2 code, 3 Conditions (Yes → 4, Otherwise → 5), 4 isolate, 5 open ticket.
const yesOtherwise = (ticketUrl: string) => [hook(), code("c2"), cond("c3", [["Yes", "s4"]], "s5"), http("s4", "https://edr.test/isolate"), http("s5", ticketUrl)];

describe("a reference to a step on another branch", () => {
  it("says which step, which branch it is on and which branch the reading step is on", () => {
    expect(messages(yesOtherwise("https://psa.test/tickets/{{ 4.body.id }}"))).toEqual([
      '5 url: {{ 4.body.id }} refers to step 4, which is on branch "Yes" of step 3; this step is on Otherwise, so no run that reaches it has run step 4 (read a step before step 3, or one on its own branch)',
    ]);
    // Steps before the Conditions step, and the Conditions step itself, ran on every run.
    expect(messages(yesOtherwise("https://psa.test/{{ 1.a }}/{{ 2 }}/{{ 3.branch }}"))).toEqual([]);
  });

  it("two named branches, and a step of a branch reading its own branch's steps", () => {
    // 1 webhook, 2 Severity? (Critical → 3, Low → 5, Otherwise ends), 3–4 Critical, 5–6 Low.
    const steps = [hook(), cond("c", [["Critical", "x"], ["Low", "y"]], null), code("x"), http("x2", "https://a.test/{{ 3.id }}"), code("y"), http("y2", "https://a.test/{{ 5.id }}?{{ 3.id }}&{{ 3.name }}")];
    expect(messages(steps)).toEqual([
      '6 url: {{ 3.id }} refers to step 3, which is on branch "Critical" of step 2; this step is on branch "Low", so no run that reaches it has run step 3 (read a step before step 2, or one on its own branch)',
    ]);
  });

  it("a Code body's steps[n] read is held to the same rule", () => {
    const steps = [...yesOtherwise("https://psa.test"), code("c6", "return steps[4].body;")];
    expect(messages(steps)).toEqual([expect.stringMatching(/^6 code: steps\[4\] refers to step 4, which is on branch "Yes" of step 3; this step is on Otherwise/)]);
  });

  it("a step no run reaches: read from a step a run reaches, it is named as such; itself unreached, it is not judged", () => {
    // 2 Conditions (A → 4, Otherwise ends): nothing leads to 3.
    const steps = [hook(), cond("c", [["A", "s4"]], null), code("s3"), http("s4", "https://a.test/{{ 3.id }}")];
    expect(messages(steps)).toEqual([
      "4 url: {{ 3.id }} refers to step 3, which no run reaches (no branch or Otherwise of a Conditions step leads to it), so it never has an output to read",
    ]);
    const both = [hook(), cond("c", [["A", "stop"]], null), code("s3"), http("s4", "https://a.test/{{ 3.id }}")];
    expect(messages(both)).toEqual([]);
  });

  it("a step some runs reach after the step it reads may read it: a nested Conditions step's branch that leads into the other branch", () => {
    // 2 Conditions (A → 3, Otherwise → 5); 3 Conditions in A (X → 5, Otherwise → 4). Step 5 runs
    // on Otherwise of 2 and on X of 3: a run that took X has run step 3. Step 4 is only on
    // Otherwise of 3, which ends at step 5.
    const steps = [hook(), cond("c2", [["A", "c3"]], "s5"), cond("c3", [["X", "s5"]], "s4"), code("s4"), http("s5", "https://a.test/{{ 3.branch }}/{{ 4.id }}")];
    expect(messages(steps)).toEqual([
      '5 url: {{ 4.id }} refers to step 4, which is on Otherwise of step 3; this step is on branch "X", so no run that reaches it has run step 4 (read a step before step 3, or one on its own branch)',
    ]);
    // A nested Conditions step jumping past its branch's end (3 X → 6) takes the later bound: on
    // Otherwise of 2, step 6 follows step 5, so step 6 may read step 5 (and step 3, via X).
    const jump = [hook(), cond("c2", [["A", "c3"]], "s5"), cond("c3", [["X", "s6"]], "s4"), code("s4"), code("s5"), http("s6", "https://a.test/{{ 5.id }}/{{ 3.branch }}/{{ 4.id }}")];
    expect(messages(jump)).toEqual([expect.stringMatching(/^6 url: \{\{ 4\.id \}\} refers to step 4, which is on Otherwise of step 3; this step is on branch "X"/)]);
  });
});

describe("held as an unfinished step", () => {
  const steps = yesOtherwise("https://psa.test/tickets/{{ 4.body.id }}");

  it("the editor names it under the field, marks the step unfinished, and a Draft still saves", () => {
    const [p] = checkSteps(steps);
    expect(p).toMatchObject({ stepId: "s5", number: 5, field: "url", incomplete: true });
    expect(describeProblem(p)).toMatch(/^step 5 \(HTTP Request\): URL: \{\{ 4\.body\.id \}\} refers to step 4, which is on branch "Yes" of step 3; this step is on Otherwise/);
    expect(blockingProblems(checkSteps(steps), false)).toEqual([]);
    expect(blockingProblems(checkSteps(steps), true)).toHaveLength(1);
    expect(checkStepFields(steps, 4)).toEqual([{ field: "url", message: p.message, incomplete: true }]);
  });

  it("going Live is refused with 409 step_incomplete naming the step and field", () => {
    let error: unknown;
    try {
      assertLiveReady(steps);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ status: 409, code: "step_incomplete", details: { step: 5, stepId: "s5", field: "url" } });
    expect((error as Error).message).toBe(
      'step 5 (HTTP Request): {{ 4.body.id }} refers to step 4, which is on branch "Yes" of step 3; this step is on Otherwise, so no run that reaches it has run step 4 (read a step before step 3, or one on its own branch); change the reference, or keep the workflow in Draft',
    );
  });

  it("a run that reaches it (a workflow Live from before) fails the step saying why, instead of sending an empty value", async () => {
    const outcome = await executeStep({
      ids: { runId: "r", workflowId: "wf", workspaceId: "ws" },
      step: steps[4],
      steps,
      number: 5,
      outputs: { 1: { a: "y" }, 2: 1, 3: { branch: "otherwise" } },
      values: { vars: {}, secrets: {} },
      files: {},
      redact: (v) => v,
      signal: new AbortController().signal,
      attempt: 1,
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toBe(
      '{{ 4.body.id }} refers to step 4, which is on branch "Yes" of step 3; this step is on Otherwise, so no run that reaches it has run step 4 (read a step before step 3, or one on its own branch) (change the reference in the editor)',
    );
  });
});
