// The canvas's edges, "No run reaches this step", the Workflow data panel's marks and the
// references Go live refuses all follow what runs do. A second model of the branch rule (a graph
// of steps that cut a step's edge to any later target of an earlier Conditions step) drew no
// edge from step 5 to step 6 in "2 Conditions (A → 3, Otherwise → 5); 3 Conditions (X → 6)",
// though a run that took Otherwise runs 6 after 5: the data panel called step 5 "another branch"
// at step 6. Here every workflow of 2,000 generated ones (2–7 steps, Conditions steps
// with targets anywhere) is run every way its Conditions steps can go, by the engine's own
// step-to-step rule (conditionsNext and branchEnd, as lib/runs/execute-run.ts applies them), and
// the editor's answers are compared with what those runs did.
import { describe, expect, it } from "vitest";
import { branchesOnRemove, neverRanBefore, ranBefore, ranOnSomeRuns, ranOnSomeRunsNoted, unreachableSteps } from "@/lib/editor/branch-paths";
import { flowEdges, toFlow } from "@/lib/editor/flow-graph";
import type { EditorStep } from "@/lib/editor/step-ops";
import { branchEnd, conditionsNext } from "@/lib/runs/plan-path";
import type { Step } from "@/lib/workflows/definition";
import { findBranchReferenceErrors, findPartialReads } from "@/lib/workflows/branch-references";
import { runPaths } from "@/lib/workflows/run-paths";

const hook = (): EditorStep => ({ id: "s1", kind: "webhook", name: "Webhook", config: {} });
/** A step that reads every earlier step, so the references check judges each one. */
const reader = (n: number): EditorStep => ({
  id: `s${n}`,
  kind: "http",
  name: "HTTP Request",
  config: { method: "GET", url: `https://a.test/${Array.from({ length: n - 1 }, (_, i) => `{{ ${i + 1}.id }}`).join("/")}` },
});
const cond = (n: number, branches: string[], otherwise: string | null): EditorStep => ({
  id: `s${n}`,
  kind: "conditions",
  name: "Conditions",
  config: {
    branches: branches.map((target, i) => ({ id: `b${i}`, name: `B${i}`, match: "all", rules: [{ left: "{{ 1.a }}", op: "equals", right: "x" }], target })),
    otherwise: { target: otherwise },
  },
});

/** Every way a run can go: the steps it runs, in order, for each choice of branch at each
 *  Conditions step, walked as execute-run.ts does. */
type Run = { path: number[]; took: Map<number, string> };

function everyRun(steps: EditorStep[]): Run[] {
  const engine = steps as unknown as Step[];
  const last = steps.length;
  const runs: Run[] = [];
  const go = (from: number, end: number, before: number[], took: Map<number, string>) => {
    const path = [...before];
    let pos = from;
    while (pos < end) {
      const step = engine[pos - 1];
      path.push(pos);
      if (step.kind === "conditions") {
        const outputs = [...(step.config.branches as { id: string }[]).map((b) => ({ branch: b.id })), { branch: "otherwise" }];
        for (const output of outputs) {
          const next = conditionsNext(step, output);
          const at = next === null || next === "stop" ? 0 : engine.findIndex((s) => s.id === next) + 1;
          const branch = new Map([...took, [pos, output.branch]]);
          if (at <= pos) runs.push({ path, took: branch }); // stopped, ended, or failed on a target that is not later
          else go(at, Math.min(branchEnd(engine, pos, at, end), last + 1), path, branch);
        }
        return;
      }
      pos++;
    }
    runs.push({ path, took });
  };
  go(1, last + 1, [], new Map());
  return runs;
}

/** What the runs did: the steps reached, and per step the earlier steps some / every run reaching it ran, and the next-step hand-overs. */
function observed(steps: EditorStep[]) {
  const all = everyRun(steps);
  const runs = all.map((r) => r.path);
  const reached = new Set(runs.flat());
  // The steps a run runs after taking each branch of each Conditions step, by "number:branch".
  const branchSteps = new Map<string, Set<number>>();
  for (const { path, took } of all) {
    for (const [c, branch] of took) {
      const k = `${c}:${branch}`;
      branchSteps.set(k, new Set([...(branchSteps.get(k) ?? []), ...path.filter((n) => n > c)]));
    }
  }
  const some = new Map<number, Set<number>>();
  const every = new Map<number, Set<number>>();
  const handOvers = new Set<string>();
  for (const run of runs) {
    run.forEach((n, i) => {
      const earlier = run.slice(0, i);
      some.set(n, new Set([...(some.get(n) ?? []), ...earlier]));
      every.set(n, every.has(n) ? new Set(earlier.filter((x) => every.get(n)!.has(x))) : new Set(earlier));
      if (i > 0 && steps[run[i - 1] - 1].kind !== "conditions") handOvers.add(`${run[i - 1]}->${n}`);
    });
  }
  return { reached, some, every, handOvers, branchSteps };
}

/** A small deterministic generator (mulberry32), so a failure names the same workflow each time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generated(count: number): EditorStep[][] {
  const rnd = random(7);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const out: EditorStep[][] = [];
  for (let k = 0; k < count; k++) {
    const size = 2 + (k % 6);
    const ids = Array.from({ length: size }, (_, i) => `s${i + 1}`);
    const steps = [hook()];
    for (let n = 2; n <= size; n++) {
      if (rnd() < 0.45) {
        // Mostly later targets (what the editor offers), sometimes an earlier one, Stop or the end.
        const target = () => (rnd() < 0.8 && n < size ? pick(ids.slice(n)) : pick([...ids, "stop"]));
        const branches = Array.from({ length: 1 + Math.floor(rnd() * 2) }, target);
        steps.push(cond(n, branches, rnd() < 0.2 ? null : target()));
      } else steps.push(reader(n));
    }
    out.push(steps);
  }
  return out;
}

const shape = (steps: EditorStep[]) =>
  steps.map((s, i) => (s.kind === "conditions" ? `${i + 1}:C(${[...(s.config.branches as { target: string }[]).map((b) => b.target), (s.config.otherwise as { target: string | null }).target].join(",")})` : `${i + 1}`)).join(" ");

describe("the editor's paths are the runs' paths", () => {
  // 2 Conditions (A → 3, Otherwise → 5); 3 Conditions in A (X → 6, Otherwise → 4).
  const nested = [hook(), cond(2, ["s3"], "s5"), cond(3, ["s6"], "s4"), reader(4), reader(5), reader(6)];

  it("a nested Conditions step's branch leading past its branch's end: step 5 goes on to step 6 on the canvas, and ran before it on some runs", () => {
    expect(flowEdges(nested).map((e) => e.id)).toContain("s5->s6");
    expect([...ranBefore(nested).get("s6")!].sort()).toEqual(["s1", "s2", "s3", "s5"]);
    // Step 3 (through X) and step 5 (through Otherwise of step 2) each ran on only some of the runs reaching step 6.
    expect([...ranOnSomeRuns(nested).get("s6")!].sort()).toEqual(["s3", "s5"]);
    expect(ranOnSomeRuns(nested).get("s5")!.size).toBe(0);
    // Workflow data at step 6 names, under each, the route its runs came by, as the field notes below do.
    expect(ranOnSomeRunsNoted(nested, "s6")).toEqual(
      new Map([
        ["s3", 'has run only when Conditions step 2 takes branch "B0"; runs that come another way reach step 6 without it and read it as empty'],
        ["s5", "has run only when Conditions step 2 takes Otherwise; runs that come another way reach step 6 without it and read it as empty"],
      ]),
    );
    expect(ranOnSomeRunsNoted(nested, "s5").size).toBe(0);
    expect(neverRanBefore(6)).toBe("never runs on a run that reaches step 6 (another branch)");
    // The route each came by: step 5 on runs that took Otherwise of step 2, step 3 on those that took its branch.
    expect(runPaths(nested).routeTo(5, 6)).toEqual([{ conditions: 2, branch: "otherwise" }]);
    expect(runPaths(nested).routeTo(3, 6)).toEqual([{ conditions: 2, branch: "b0" }]);
    // Step 6's field reading steps 1–5 is noted for those two, naming the route; step 4 is refused, not noted.
    expect(findPartialReads(nested).map((p) => [p.step, p.reads, p.message])).toEqual([
      [6, 3, '{{ 3.id }} reads step 3, which has run only when Conditions step 2 takes branch "B0"; runs that come another way reach this step without it, and there it reads as empty'],
      [6, 5, "{{ 5.id }} reads step 5, which has run only when Conditions step 2 takes Otherwise; runs that come another way reach this step without it, and there it reads as empty"],
    ]);
  });

  it("over generated workflows: reached steps, edges, what ran before (on some or every run), each branch's steps and the refused references", () => {
    const workflows = [nested, ...generated(2000)];
    const mismatches: string[] = [];
    for (const steps of workflows) {
      const seen = observed(steps);
      const say = (what: string, got: unknown, want: unknown) => mismatches.push(`${shape(steps)} — ${what}: editor ${JSON.stringify(got)}, runs ${JSON.stringify(want)}`);
      const number = (id: string) => steps.findIndex((s) => s.id === id) + 1;
      const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

      const unreached = steps.flatMap((_, i) => (seen.reached.has(i + 1) ? [] : [i + 1]));
      if (JSON.stringify(unreachableSteps(steps)) !== JSON.stringify(unreached)) say("unreachable steps", unreachableSteps(steps), unreached);
      const dimmed = toFlow(steps).nodes.flatMap((n) => (n.data.unreachable ? [n.data.number] : []));
      if (JSON.stringify(dimmed) !== JSON.stringify(unreached)) say("dimmed nodes", dimmed, unreached);

      // Next-step edges out of steps a run reaches are exactly the runs' hand-overs.
      const drawn = flowEdges(steps)
        .filter((e) => e.data?.kind === "next" && seen.reached.has(number(e.source)))
        .map((e) => `${number(e.source)}->${number(e.target)}`)
        .sort();
      if (JSON.stringify(drawn) !== JSON.stringify([...seen.handOvers].sort())) say("next edges", drawn, [...seen.handOvers].sort());

      const before = ranBefore(steps);
      const onSome = ranOnSomeRuns(steps);
      for (const n of seen.reached) {
        const id = steps[n - 1].id;
        const want = sorted(seen.some.get(n)!);
        const got = sorted([...(before.get(id) ?? [])].map(number));
        if (JSON.stringify(got) !== JSON.stringify(want)) say(`ran before step ${n}`, got, want);
        const partly = sorted(want.filter((x) => !seen.every.get(n)!.has(x)));
        const gotPartly = sorted([...(onSome.get(id) ?? [])].map(number));
        if (JSON.stringify(gotPartly) !== JSON.stringify(partly)) say(`ran on some runs before step ${n}`, gotPartly, partly);
        const noted = sorted([...ranOnSomeRunsNoted(steps, id).keys()].map(number));
        if (JSON.stringify(noted) !== JSON.stringify(partly)) say(`noted in Workflow data at step ${n}`, noted, partly);
      }

      // Deleting a reached Conditions step names each branch's steps: those the runs taking it ran.
      for (const c of seen.reached) {
        const step = steps[c - 1];
        if (step.kind !== "conditions") continue;
        const ids = [...(step.config.branches as { id: string }[]).map((b) => b.id), "otherwise"];
        const names = [...(step.config.branches as { name: string }[]).map((b) => b.name), "Otherwise"];
        const listed = branchesOnRemove(steps, step.id)!.branches.filter((b) => !b.stops);
        for (const b of listed) {
          const want = sorted(seen.branchSteps.get(`${c}:${ids[names.indexOf(b.name)]}`) ?? []);
          if (JSON.stringify(b.steps) !== JSON.stringify(want)) say(`steps of ${b.name} of step ${c}`, b.steps, want);
        }
      }

      // The route named for a step only some runs reaching step m ran: the choices every run that
      // ran it and reached m made before it, less those every run reaching m made.
      const paths = runPaths(steps);
      const runs = everyRun(steps);
      const choicesBefore = (r: Run, at: number) => [...r.took].filter(([c]) => c < at).map(([c, b]) => `${c}:${b}`);
      const common = (lists: string[][]) => (lists.length ? lists[0].filter((c) => lists.every((l) => l.includes(c))) : []);
      for (const m of seen.reached) {
        const toM = runs.filter((r) => r.path.includes(m));
        const everyRunToM = new Set(common(toM.map((r) => choicesBefore(r, m))));
        for (const n of seen.some.get(m)!) {
          if (seen.every.get(m)!.has(n)) continue;
          const want = common(toM.filter((r) => r.path.includes(n)).map((r) => choicesBefore(r, n))).filter((c) => !everyRunToM.has(c)).sort();
          const got = paths.routeTo(n, m).map((c) => `${c.conditions}:${c.branch}`).sort();
          if (JSON.stringify(got) !== JSON.stringify(want)) say(`route from step ${n} to step ${m}`, got, want);
        }
      }

      // Go live refuses a reference to an earlier step exactly when no run reaching the reader ran it.
      const refused = findBranchReferenceErrors(steps).map((p) => `${p.step}<-${p.reads}`).sort();
      const never = [...seen.reached]
        .filter((n) => steps[n - 1].kind === "http")
        .flatMap((n) => Array.from({ length: n - 1 }, (_, i) => i + 1).flatMap((a) => (seen.some.get(n)!.has(a) ? [] : [`${n}<-${a}`])))
        .sort();
      if (JSON.stringify(refused) !== JSON.stringify(never)) say("refused references", refused, never);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  }, 30_000); // about 1.5 s alone; a machine busy with builds beside it takes several times that
});
