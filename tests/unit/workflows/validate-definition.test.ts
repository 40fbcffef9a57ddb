import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import type { Step } from "@/lib/workflows/definition";
import { validateDefinition } from "@/lib/workflows/validate-definition";

const step = (id: string, kind: Step["kind"], config: Record<string, unknown> = {}): Step => ({ id, kind, name: kind, config });
const hook = (id = "t") => step(id, "webhook", {});
const http = (id: string, config: Record<string, unknown> = { url: "https://example.test" }) => step(id, "http", config);
const cond = (id: string, target: string, otherwise: string | null = null) =>
  step(id, "conditions", { branches: [{ id: "b1", rules: [{ left: "{{ 1.x }}", op: "exists" }], target }], otherwise: { target: otherwise } });

function problem(steps: Step[]): AppError {
  try {
    validateDefinition(steps);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected the definition to be rejected");
}

describe("validateDefinition", () => {
  it("accepts an empty workflow and one without a trigger yet (a Draft may be incomplete)", () => {
    expect(() => validateDefinition([])).not.toThrow();
    expect(() => validateDefinition([http("a")])).not.toThrow();
  });

  it("accepts a trigger at step 1 followed by actions", () => {
    expect(() => validateDefinition([hook(), http("a"), step("c", "code", { code: "return 1" })])).not.toThrow();
  });

  it("rejects a trigger anywhere but step 1, naming the step", () => {
    const e = problem([http("a"), hook("t")]);
    expect(e.status).toBe(400);
    expect(e.code).toBe("invalid_workflow");
    expect(e.message).toBe("step 2 (Webhook): a trigger can only be step 1 (a workflow has at most one trigger)");
    expect(e.details).toMatchObject({ step: 2, stepId: "t" });
  });

  it("rejects a second trigger", () => {
    const e = problem([hook("t1"), step("t2", "scheduler", { cron: "0 2 1 * *" })]);
    expect(e.message).toMatch(/^step 2 \(Scheduler\): a trigger can only be step 1/);
  });

  it("rejects duplicate step ids and the reserved id stop", () => {
    expect(problem([hook("x"), http("a"), http("a")]).message).toBe('step 3 (HTTP Request): id "a" is already used by step 2');
    expect(problem([hook("x"), http("stop")]).message).toMatch(/^step 2 \(HTTP Request\): id "stop" is reserved/);
  });

  it("parses each config with its catalog schema, naming step and field", () => {
    const e = problem([hook(), http("a"), http("b", { method: "GET" })]);
    expect(e.message).toMatch(/^step 3 \(HTTP Request\): url: /);
    expect(e.details).toMatchObject({ step: 3, stepId: "b", field: "url" });
    const nested = problem([hook(), http("a", { url: "u", headers: [{ name: 7, value: "v" }] })]);
    expect(nested.message).toMatch(/^step 2 \(HTTP Request\): headers\.0\.name: /);
    expect(problem([step("t", "webhook", { signatureHeader: "bad header" })]).message).toBe(
      "step 1 (Webhook): signatureHeader: must be a valid HTTP header name",
    );
  });

  it("saves required text that is still empty (a Draft keeps unfinished steps; Live asks for them)", () => {
    expect(() => validateDefinition([hook(), http("a", { url: "", headers: [{ name: "", value: "" }] }), step("p", "parse_json", { input: "" })])).not.toThrow();
    expect(() => validateDefinition([hook(), step("ai", "ai_prompt", { prompt: "" }), step("s", "summarize", { input: "", aggregates: [{ name: "", op: "sum" }] })])).not.toThrow();
  });

  it("lets conditions jump only to later steps or stop", () => {
    expect(() => validateDefinition([hook(), cond("c", "z", "stop"), http("z")])).not.toThrow();
    expect(() => validateDefinition([hook(), cond("c", "stop")])).not.toThrow();
    expect(problem([hook(), http("a"), cond("c", "a")]).message).toBe(
      'step 3 (Conditions): branches.0.target: "a" is not the id of a later step (use a later step\'s id or "stop")',
    );
    expect(problem([hook(), cond("c", "c")]).message).toMatch(/branches\.0\.target: "c" is not the id of a later step/);
    expect(problem([hook(), cond("c", "stop", "missing"), http("z")]).message).toMatch(
      /^step 2 \(Conditions\): otherwise\.target: "missing" is not the id of a later step/,
    );
  });
});
