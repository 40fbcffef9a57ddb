// A StepContext for executor unit tests: resolve() does a minimal {{ n.path }} / {{ vars.KEY }}
// lookup so executors can be exercised without the engine's reference module.
import type { Step } from "@/lib/workflows/definition";
import type { StepContext } from "@/lib/steps/executors/types";

type Partial_ = Partial<Omit<StepContext, "step">> & { kind?: Step["kind"]; config: Record<string, unknown> };

function lookup(outputs: Record<number, unknown>, vars: Record<string, string | null>, path: string): unknown {
  const [head, ...rest] = path.split(".");
  let cur: unknown = head === "vars" ? vars : outputs[Number(head)];
  for (const p of rest) cur = cur == null ? undefined : (cur as Record<string, unknown>)[p];
  return cur ?? null;
}

export function resolveSimple(outputs: Record<number, unknown>, vars: Record<string, string | null>) {
  const one = (v: unknown): unknown => {
    if (typeof v === "string") {
      const whole = v.match(/^\{\{\s*([\w.]+)\s*\}\}$/);
      if (whole) return lookup(outputs, vars, whole[1]);
      return v.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, p: string) => {
        const x = lookup(outputs, vars, p);
        return x == null ? "" : typeof x === "object" ? JSON.stringify(x) : String(x);
      });
    }
    if (Array.isArray(v)) return v.map(one);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, one(x)]));
    return v;
  };
  return (value: unknown) => ({ value: one(value), unresolved: [] as string[] });
}

export function makeContext(p: Partial_): StepContext & { lines: string[] } {
  const outputs = p.outputs ?? { 1: {} };
  const vars = p.vars ?? {};
  const lines: string[] = [];
  return {
    runId: p.runId ?? "run-1",
    workflowId: p.workflowId ?? "wf-1",
    workspaceId: p.workspaceId ?? "ws-1",
    step: { id: "s", kind: p.kind ?? "code", name: "step", config: p.config },
    number: p.number ?? 2,
    outputs,
    resolve: p.resolve ?? resolveSimple(outputs, vars),
    vars,
    log: p.log ?? ((l) => lines.push(l)),
    signal: p.signal ?? new AbortController().signal,
    attempt: p.attempt ?? 1,
    lines,
  };
}
