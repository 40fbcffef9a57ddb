// The ways a run can go through a workflow, walked with the run's own rule (lib/runs/plan-path.ts,
// as lib/runs/execute-run.ts applies it): a run is at a step under a branch end (exclusive); a step
// hands over to the next one while that is before the end; a Conditions step sends the run to a
// later target, which takes the bound branchEnd gives (a nested Conditions step jumping past its
// branch's end takes the new branch's bound). The same step can be reached under different bounds
// — after step 5 on Otherwise of step 2 the run goes on to step 6, while step 5 reached through a
// nested branch of step 3 may end the run — so the walk is over (step, end) pairs, not steps.
//
// Everything that says which steps run, or ran before another, derives from this one walk: the
// canvas's edges and its "no run reaches this step" (lib/editor/flow-graph.ts, branch-paths.ts),
// the Workflow data panel's marks, and the references Go live refuses (branch-references.ts).
// Two models (a per-step edge graph beside the run rule) disagreed on nested branches. Pure and
// client-safe.
import { branchEnd } from "@/lib/runs/plan-path";
import { conditionsConfig } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";

export type PathSteps = readonly Pick<Step, "id" | "kind" | "config">[];

/** Where a run goes from one place: the next step, or through a Conditions step's branch. */
type Edge = { to: string; via?: { conditions: number; branch: string } };

export type RunPaths = {
  /** Steps (1-based) some run reaches. */
  reached: ReadonlySet<number>;
  /** Steps a run can have run before reaching step n, on some run (n's ancestors); empty when no run reaches n. */
  ranBefore: (n: number) => ReadonlySet<number>;
  /** Of those, the steps every run reaching step n has run. */
  alwaysBefore: (n: number) => ReadonlySet<number>;
  /** Step a → the steps it hands over to as the next step (a Conditions step's branches aside).
   *  Steps no run reaches are walked as if a run came to them in the branch their place puts
   *  them in, so the canvas still joins them up. */
  next: ReadonlyMap<number, ReadonlySet<number>>;
  /** The steps each branch of each Conditions step leads a run through, by "conditions:branch". */
  branches: ReadonlyMap<string, { conditions: number; branch: string; steps: ReadonlySet<number> }>;
  /** For a step n only some runs reaching step m have run: the Conditions choices (in step order)
   *  every run that ran n and reached m made on its way to n, and not every run reaching m made —
   *  the route that brings n's output to m ("step 2 takes Otherwise"). Empty when no one choice
   *  sets those runs apart (n reached by more than one route). */
  routeTo: (n: number, m: number) => { conditions: number; branch: string }[];
};

const key = (pos: number, end: number) => `${pos}:${end}`;

/** A Conditions step as its branches lead, whether or not its rules are filled in yet: the editor
 *  draws a draft's branches where they point (a run fails a Conditions step that is not filled in,
 *  and Go live refuses it). Other steps as they are. */
function asDrawn(step: PathSteps[number]): Step {
  // branchEnd (plan-path.ts) reads only ids, kinds and Conditions configs of the Steps it is given.
  if (step.kind !== "conditions" || conditionsConfig.safeParse(step.config).success) return step as Step;
  const cfg = step.config as { branches?: unknown; otherwise?: { target?: unknown } };
  const leads = (t: unknown) => (typeof t === "string" && t ? t : "stop");
  const branches = (Array.isArray(cfg.branches) ? cfg.branches : []).map((b: { id?: unknown; target?: unknown } | null, i) => ({
    id: typeof b?.id === "string" && b.id ? b.id : `branch-${i}`,
    name: "",
    match: "all" as const,
    rules: [{ left: "", op: "exists" as const }],
    target: leads(b?.target),
  }));
  const otherwise = typeof cfg.otherwise?.target === "string" && cfg.otherwise.target ? cfg.otherwise.target : null;
  return { ...step, config: { branches, otherwise: { target: otherwise } } } as unknown as Step;
}

export function runPaths(steps: PathSteps): RunPaths {
  const at = new Map<string, number>();
  const next = new Map<string, Edge[]>();
  const index = new Map(steps.map((s, i) => [s.id, i + 1]));
  const last = steps.length + 1;
  const shaped = steps.map(asDrawn);
  const targetsOf = (pos: number): { branch: string; to: number }[] => {
    const cfg = conditionsConfig.safeParse(shaped[pos - 1].config);
    if (shaped[pos - 1].kind !== "conditions" || !cfg.success) return [];
    return [...cfg.data.branches, { id: "otherwise", target: cfg.data.otherwise.target }].map((b) => ({
      branch: b.id,
      to: b.target === null || b.target === "stop" ? 0 : (index.get(b.target) ?? 0),
    }));
  };

  const walk = (start: [number, number], stopAt: ReadonlySet<number>) => {
    const stack = [start];
    while (stack.length) {
      const [pos, end] = stack.pop()!;
      const k = key(pos, end);
      if (at.has(k)) continue;
      at.set(k, pos);
      const edges: Edge[] = [];
      next.set(k, edges);
      if (stopAt.has(pos)) continue;
      if (steps[pos - 1].kind === "conditions") {
        for (const b of targetsOf(pos)) {
          if (b.to <= pos) continue; // ends the run (Stop, end of run, or a target the run refuses)
          const bound = Math.min(branchEnd(shaped, pos, b.to, end), last);
          edges.push({ to: key(b.to, bound), via: { conditions: pos, branch: b.branch } });
          stack.push([b.to, bound]);
        }
      } else if (pos + 1 < end) {
        edges.push({ to: key(pos + 1, end) });
        stack.push([pos + 1, end]);
      }
    }
  };
  if (steps.length) walk([1, last], new Set());
  const real = new Set(at.keys());
  const reachedSteps = new Set([...real].map((k) => at.get(k)!));

  // Steps no run reaches, walked for drawing only: from the bound of the branch their place puts
  // them in (the nearest later target of a Conditions step before them), up to a step a run
  // reaches — where runs go on from there is the runs' walk's to say.
  for (let pos = 1; pos <= steps.length; pos++) {
    if ([...at.values()].includes(pos)) continue;
    let end = last;
    for (let c = 1; c < pos; c++) for (const b of targetsOf(c)) if (b.to > pos) end = Math.min(end, b.to);
    walk([pos, end], reachedSteps);
  }

  // Runs only go forward, so (step, end) pairs in step order are a topological order.
  const order = [...real].sort((x, y) => at.get(x)! - at.get(y)!);
  const some = new Map<string, Set<number>>(order.map((k) => [k, new Set()]));
  const every = new Map<string, Set<number> | null>(order.map((k) => [k, null]));
  every.set(key(1, last), new Set());
  for (const k of order) {
    const pos = at.get(k)!;
    const mine = every.get(k) ?? new Set<number>();
    for (const e of next.get(k) ?? []) {
      const s = some.get(e.to)!;
      for (const n of some.get(k)!) s.add(n);
      s.add(pos);
      const had = every.get(e.to);
      const withMe = new Set([...mine, pos]);
      every.set(e.to, had ? new Set([...had].filter((n) => withMe.has(n))) : withMe);
    }
  }
  // The choices ("conditions:branch") every run arriving at a state made on its way there.
  const took = new Map<string, Set<string> | null>(order.map((k) => [k, null]));
  took.set(key(1, last), new Set());
  for (const k of order) {
    const mine = took.get(k) ?? new Set<string>();
    for (const e of next.get(k) ?? []) {
      const withEdge = e.via ? new Set([...mine, `${e.via.conditions}:${e.via.branch}`]) : mine;
      const had = took.get(e.to);
      took.set(e.to, had ? new Set([...had].filter((c) => withEdge.has(c))) : withEdge);
    }
  }
  const statesAt = (n: number) => order.filter((k) => at.get(k) === n);
  const tookOn = (states: readonly string[]) => {
    const sets = states.map((k) => took.get(k) ?? new Set<string>());
    return sets.length ? [...sets[0]].filter((c) => sets.every((s) => s.has(c))) : [];
  };
  const routeTo = (n: number, m: number) => {
    const onTheWay = statesAt(n).filter((k) => onwards(at, next, [k]).has(m));
    const everyRun = new Set(tookOn(statesAt(m)));
    return tookOn(onTheWay)
      .filter((c) => !everyRun.has(c))
      .map((c) => ({ conditions: Number(c.slice(0, c.indexOf(":"))), branch: c.slice(c.indexOf(":") + 1) }))
      .sort((a, b) => a.conditions - b.conditions);
  };
  const ranBefore = (n: number) => new Set(statesAt(n).flatMap((k) => [...some.get(k)!]));
  const alwaysBefore = (n: number) => {
    const sets = statesAt(n).map((k) => every.get(k) ?? new Set<number>());
    return sets.length ? new Set([...sets[0]].filter((x) => sets.every((s) => s.has(x)))) : new Set<number>();
  };

  const stepNext = new Map<number, Set<number>>();
  for (const [k, edges] of next) {
    for (const e of edges) {
      if (e.via) continue;
      const from = at.get(k)!;
      stepNext.set(from, new Set([...(stepNext.get(from) ?? []), at.get(e.to)!]));
    }
  }

  const starts = new Map<string, { conditions: number; branch: string; from: string[] }>();
  for (const edges of next.values()) {
    for (const e of edges) {
      if (!e.via) continue;
      const k = `${e.via.conditions}:${e.via.branch}`;
      starts.set(k, { ...e.via, from: [...(starts.get(k)?.from ?? []), e.to] });
    }
  }
  const branches = new Map([...starts].map(([k, b]) => [k, { conditions: b.conditions, branch: b.branch, steps: onwards(at, next, b.from) }]));

  return { reached: reachedSteps, ranBefore, alwaysBefore, next: stepNext, branches, routeTo };
}

/** The steps a run can go on to from any of the states `from` (those included). */
function onwards(at: ReadonlyMap<string, number>, next: ReadonlyMap<string, Edge[]>, from: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    for (const e of next.get(k) ?? []) stack.push(e.to);
  }
  return new Set([...seen].map((k) => at.get(k)!));
}
