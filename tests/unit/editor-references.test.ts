import { describe, expect, it } from "vitest";
import { formatReference, mappingForMove, parseReferences, rewriteReferences } from "@/lib/editor/step-references";
import { createStep, dependents, insertStep, moveProblem, moveStep, removeStep, retargetsOnRemove, type EditorStep } from "@/lib/editor/step-ops";

const step = (id: string, kind: EditorStep["kind"], config: Record<string, unknown> = {}): EditorStep => ({ id, kind, name: id, config });

describe("references", () => {
  it("parses and formats the spec's form", () => {
    expect(parseReferences("a {{ 1.host.id }} b {{2}} {{ vars.K }} {{ nope }}").map((r) => r.ref)).toEqual([
      { type: "step", step: 1, path: ["host", "id"] },
      { type: "step", step: 2, path: [] },
      { type: "vars", key: "K", path: [] },
      null,
    ]);
    expect(formatReference(1, ["host", "id"])).toBe("{{ 1.host.id }}");
    expect(formatReference(2, [])).toBe("{{ 2 }}");
  });

  it("rewrites deeply and keeps untouched values identical", () => {
    const v = { a: "{{ 2.x }} and {{3.y}}", b: [{ c: "{{ 1.z }}" }], n: 5 };
    const out = rewriteReferences(v, new Map([[2, 3], [3, null]]));
    expect(out).toEqual({ a: "{{ 3.x }} and {{ removed.y }}", b: [{ c: "{{ 1.z }}" }], n: 5 });
  });

  it("maps a move", () => {
    expect([...mappingForMove(4, 1, 3)]).toEqual([[3, 2], [4, 3], [2, 4]]);
  });
});

describe("step edits keep references on the same step", () => {
  const base = () => [
    step("w", "webhook"),
    step("a", "code"),
    step("b", "http", { url: "https://x/{{ 2.id }}?h={{ 1.host.id }}" }),
    step("c", "transform", { fields: [{ name: "v", expression: "{{ 3.status }} {{ 2.id }}" }] }),
  ];

  it("insert renumbers later steps", () => {
    const s = insertStep(base(), 1, step("n", "wait"));
    expect(s.map((x) => x.id)).toEqual(["w", "n", "a", "b", "c"]);
    expect(s[3].config.url).toBe("https://x/{{ 3.id }}?h={{ 1.host.id }}");
    expect((s[4].config.fields as { expression: string }[])[0].expression).toBe("{{ 4.status }} {{ 3.id }}");
  });

  it("remove renumbers and marks references to the removed step", () => {
    const s = removeStep(base(), "a");
    expect(s.map((x) => x.id)).toEqual(["w", "b", "c"]);
    expect(s[1].config.url).toBe("https://x/{{ removed.id }}?h={{ 1.host.id }}");
    expect((s[2].config.fields as { expression: string }[])[0].expression).toBe("{{ 2.status }} {{ removed.id }}");
    expect(dependents(base(), 2)).toEqual([3, 4]);
  });

  it("reorder swaps numbers; a trigger never moves", () => {
    const s = moveStep(base(), "c", 1);
    expect(s.map((x) => x.id)).toEqual(["w", "c", "a", "b"]);
    expect((s[1].config.fields as { expression: string }[])[0].expression).toBe("{{ 4.status }} {{ 3.id }}");
    expect(s[3].config.url).toBe("https://x/{{ 3.id }}?h={{ 1.host.id }}");
    expect(moveStep(base(), "w", 2)).toEqual(base());
    expect(moveStep(base(), "a", 0)).toEqual(base());
  });

  it("a new trigger goes first: replaces the trigger, or renumbers when there was none", () => {
    const replaced = insertStep(base(), 3, step("s", "scheduler"));
    expect(replaced.map((x) => x.id)).toEqual(["s", "a", "b", "c"]);
    const noTrigger = [step("a", "code"), step("b", "http", { url: "{{ 1.u }}" })];
    const added = insertStep(noTrigger, 1, step("w", "webhook"));
    expect(added.map((x) => x.id)).toEqual(["w", "a", "b"]);
    expect(added[2].config.url).toBe("{{ 2.u }}");
  });
});

describe("Conditions targets", () => {
  const cond = (targets: string[], otherwise: string | null) =>
    step("c", "conditions", { branches: targets.map((t, i) => ({ id: `b${i}`, name: "", match: "all", rules: [], target: t })), otherwise: { target: otherwise } });
  const targets = (s: EditorStep) => [
    ...(s.config.branches as { target: string }[]).map((b) => b.target),
    (s.config.otherwise as { target: string | null }).target,
  ];

  it("a Conditions step inserted before other steps sends what no branch takes on to the next one", () => {
    const steps = [step("w", "webhook"), step("a", "code"), step("b", "http")];
    const inserted = insertStep(steps, 1, createStep("conditions", "n"));
    expect(inserted.map((x) => x.id)).toEqual(["w", "n", "a", "b"]);
    expect(targets(inserted[1])).toEqual(["stop", "a"]);
    // At the end there is no next step: what no branch takes ends the run, as before.
    const last = insertStep(steps, 3, createStep("conditions", "m"));
    expect(targets(last[3])).toEqual(["stop", null]);
  });

  it("inserting through a branch edge retargets that branch", () => {
    const s = insertStep([step("w", "webhook"), cond(["x"], null), step("x", "http")], 2, step("n", "code"), { stepId: "c", branch: "b0" });
    expect(s.map((x) => x.id)).toEqual(["w", "c", "n", "x"]);
    expect(targets(s[1])).toEqual(["n", null]);
  });

  it("removing a target hands its branch to the following step when that step carries the branch on", () => {
    const steps = [step("w", "webhook"), cond(["x"], "z"), step("x", "http"), step("y", "http"), step("z", "http")];
    expect(targets(removeStep(steps, "x")[1])).toEqual(["y", "z"]);
    expect(retargetsOnRemove(steps, "x")).toEqual([{ conditions: 2, branch: "b0", name: "Branch 1", to: "y", toNumber: 4 }]);
  });

  it("removing a target whose branch then has no step left stops it: the next step starts another branch, or there is none", () => {
    // Critical → x, Other → y, otherwise → x: x gone, Critical must not run Other's steps.
    const steps = [step("w", "webhook"), cond(["x", "y"], "x"), step("x", "http"), step("y", "http")];
    expect(targets(removeStep(steps, "x")[1])).toEqual(["stop", "y", "stop"]);
    expect(retargetsOnRemove(steps, "x").map((r) => [r.name, r.to])).toEqual([
      ["Branch 1", "stop"],
      ["Otherwise", "stop"],
    ]);
    const last = removeStep([step("w", "webhook"), cond(["y"], "y"), step("y", "http")], "y");
    expect(targets(last[1])).toEqual(["stop", "stop"]);
    expect(retargetsOnRemove(steps, "w")).toEqual([]);
  });

  it("moving a target to or above its Conditions step is refused with the reason; the branch is kept", () => {
    const steps = [step("w", "webhook"), step("a", "code"), cond(["y"], null), step("y", "http"), step("z", "http")];
    expect(moveStep(steps, "y", 2)).toBe(steps);
    expect(moveProblem(steps, 3, 2)).toBe("Step 4 cannot move up: branch “Branch 1” of step 3 leads to step 4, and a branch can only lead to a later step. Point the branch at another step first.");
    // The Conditions step itself moving below its target: the same.
    expect(moveProblem(steps, 2, 3)).toMatch(/^Step 3 cannot move down: branch “Branch 1” of step 3 leads to step 4/);
    // A move that keeps the target later keeps the branch as it was.
    const down = moveStep(steps, "y", 4);
    expect(down.map((x) => x.id)).toEqual(["w", "a", "c", "z", "y"]);
    expect(targets(down[2])).toEqual(["y", null]);
    expect(moveProblem(steps, 1, 2)).toBeNull();
    expect(targets(moveStep(steps, "a", 2)[1])).toEqual(["y", null]);
  });

  it("new steps start from configs that pass the catalog", async () => {
    const { STEP_CATALOG } = await import("@/lib/steps/catalog");
    for (const kind of ["webhook", "scheduler", "code", "conditions", "transform", "wait"] as const) {
      expect(STEP_CATALOG[kind].config.safeParse(createStep(kind).config).success, kind).toBe(true);
    }
  });
});
