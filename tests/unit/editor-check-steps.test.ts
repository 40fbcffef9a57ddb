// The editor's pre-save check against the server's save rules: what the browser lets through
// autosave, the server must accept (no PUT answered 400 over and over), and an unfinished step
// is saved in Draft but named for Live in words, not as a zod message.
import { describe, expect, it } from "vitest";
import { blockingProblems, checkStepFields, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import { createStep, type EditorStep } from "@/lib/editor/step-ops";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import { serverSaves } from "@/tests/helpers/server-saves";

const hook = (): EditorStep => ({ id: "t", kind: "webhook", name: "Webhook", config: { testingData: { a: 1 } } });
const http = (id: string, config: Record<string, unknown>): EditorStep => ({ id, kind: "http", name: "HTTP Request", config: { method: "POST", url: "https://x.test", ...config } });


describe("checkSteps", () => {
  it("agrees with the server about a cleared JSON body: saved, and sent as no body", () => {
    const steps = [hook(), http("h", { body: { type: "json", json: undefined } })];
    expect(blockingProblems(checkSteps(steps), false)).toEqual([]);
    expect(serverSaves(steps)).toBe(true);
  });

  it("a signature header pasted with a space after it is saved, as the server trims it", () => {
    const steps: EditorStep[] = [{ ...hook(), config: { signatureHeader: "X-Hub-Signature-256 ", sharedSecret: { set: false } } }];
    expect(checkSteps(steps)).toEqual([]);
    expect(serverSaves(steps)).toBe(true);
    // A name with a space inside is no header name: both refuse it.
    const inside: EditorStep[] = [{ ...hook(), config: { signatureHeader: "X Hub" } }];
    expect(describeProblem(blockingProblems(checkSteps(inside), false)[0])).toBe("step 1 (Webhook): Signature header: must be a valid HTTP header name");
    expect(serverSaves(inside)).toBe(false);
  });

  it("blocks what the server refuses", () => {
    const steps = [hook(), http("h", { timeoutMs: 10 })];
    expect(serverSaves(steps)).toBe(false);
    const [p] = blockingProblems(checkSteps(steps), false);
    expect(describeProblem(p)).toBe("step 2 (HTTP Request): Timeout (ms): must be at least 100 ms");
  });

  it("steps fresh from the Tools dock are unfinished, not invalid: a Draft saves them, Live does not", () => {
    const steps = [hook(), createStep("http", "h"), createStep("parse_json", "p"), createStep("code", "c")];
    const problems = checkSteps(steps);
    expect(problems.map(describeProblem)).toEqual(["step 2 (HTTP Request): URL is required", "step 3 (Parse JSON): Input is required"]);
    expect(problems.every((p) => p.incomplete)).toBe(true);
    expect(blockingProblems(problems, false)).toEqual([]);
    expect(blockingProblems(problems, true)).toHaveLength(2);
    expect(serverSaves(steps)).toBe(true);
    expect(() => assertLiveReady(JSON.parse(JSON.stringify(steps)))).toThrow(
      expect.objectContaining({ status: 409, code: "step_incomplete", message: "step 2 (HTTP Request): URL is required; fill it in, or keep the workflow in Draft", details: { step: 2, stepId: "h", field: "url" } }),
    );
  });

  it("a step on an account that no longer exists is unfinished under its Account field, once the accounts are known", () => {
    const steps = [hook(), http("h", { url: "/tickets", connectionId: "conn_gone" }), http("k", { connectionId: "conn_kept" })];
    expect(checkSteps(steps)).toEqual([]); // the list not loaded yet: nothing said
    const problems = checkSteps(steps, new Map([["conn_kept", { name: "Kept", baseUrl: null, app: "psa" }]]));
    expect(problems.map(describeProblem)).toEqual(["step 2 (HTTP Request): Account: the account it used was deleted: choose another"]);
    expect(problems[0]).toMatchObject({ stepId: "h", field: "connectionId", incomplete: true });
    expect(blockingProblems(problems, false)).toEqual([]);
    expect(checkStepFields(steps, 1, new Map([["conn_kept", { name: "Kept", baseUrl: null, app: "psa" }]]))).toEqual([{ field: "connectionId", message: "Account: the account it used was deleted: choose another", incomplete: true }]);
  });

  it("a step built for one app on another app's account is unfinished under its Account field, in the words Go live refuses it with", () => {
    const steps = [hook(), http("h", { url: "/scripts/run", app: "rmm", connectionId: "conn_psa" }), http("g", { url: "/tickets", connectionId: "conn_psa" })];
    const accounts = new Map([["conn_psa", { name: "Fake PSA", baseUrl: "https://psa.example", app: "psa" }]]);
    const problems = checkSteps(steps, accounts);
    // The generic HTTP Request (no config.app) may use any app's account.
    expect(problems.map(describeProblem)).toEqual([
      'step 2 (HTTP Request): Account: "Fake PSA" is a PSA / ticketing account, but this step was built for Remote monitoring (RMM): its calls would go out with PSA / ticketing credentials. Choose a Remote monitoring (RMM) account, or switch the step to PSA / ticketing if it really calls that app.',
    ]);
    expect(problems[0]).toMatchObject({ stepId: "h", field: "connectionId", incomplete: true });
    expect(blockingProblems(problems, false)).toEqual([]); // a Draft still saves it
  });

  it("a Code step whose code was cleared (or left only comments) is marked unfinished under its Code field", () => {
    const code = (id: string, text: string): EditorStep => ({ ...createStep("code", id), config: { code: text, timeoutMs: 5000 } });
    const problems = checkSteps([hook(), code("c", "  \n"), code("d", "// later\n")]);
    expect(problems).toEqual([
      expect.objectContaining({ stepId: "c", field: "code", message: "Code is required", incomplete: true }),
      expect.objectContaining({ stepId: "d", field: "code", message: "Code is required (it holds only comments)", incomplete: true }),
    ]);
  });
});
