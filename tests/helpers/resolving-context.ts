// A StepContext whose resolve() is the engine's own reference resolver, for executor unit tests.
import type { Step } from "@/lib/workflows/definition";
import { resolveReferences } from "@/lib/workflows/references";
import { makeContext } from "./step-context";

export function resolvingContext(kind: Step["kind"], config: Record<string, unknown>, outputs: Record<number, unknown> = { 1: {} }, values: { vars?: Record<string, string | null>; secrets?: Record<string, string | null> } = {}) {
  const unresolved: string[] = [];
  const ctx = makeContext({
    kind,
    config,
    outputs,
    vars: values.vars ?? {},
    resolve: (v) => {
      const r = resolveReferences(v, { outputs, vars: values.vars ?? {}, secrets: values.secrets ?? {} });
      unresolved.push(...r.unresolved);
      return r;
    },
  });
  return Object.assign(ctx, { unresolved });
}
