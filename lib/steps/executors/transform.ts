// transform: named output fields, each a JSONata expression over references (see
// lib/steps/evaluate-expression.ts). Fields are computed in order and an earlier field is
// readable by a later one as $name, e.g. `variance` then `$variance > 0` (unless the name is one of
// JSONata's functions, `count`, `sum` …, which keep their meaning: evaluate-expression.ts).
import { transformConfig } from "@/lib/steps/catalog";
import { describeExpressionError, evaluateExpression } from "@/lib/steps/evaluate-expression";
import { eventLoopTurns } from "./event-loop-turn";
import { StepError, type StepContext, type StepExecutor } from "./types";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Sets a field as the object's own, whatever its name: assigning `__proto__` would set the
 *  object's prototype instead, and the field would vanish from the output. */
export function setField(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Resolves one `{{ … }}` for binding: a missing path is "no value" (undefined) in JSONata. */
export function bindReference(ctx: StepContext) {
  return (ref: string) => {
    const { value, unresolved } = ctx.resolve(ref);
    return unresolved.length > 0 ? undefined : value;
  };
}

export const executeTransform: StepExecutor = async (ctx) => {
  const config = transformConfig.parse(ctx.step.config);
  const output: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  const turn = eventLoopTurns(ctx);
  for (const field of config.fields) {
    await turn();
    let value: unknown;
    try {
      value = await evaluateExpression(field.expression, { resolveRef: bindReference(ctx), extra, isolationKey: ctx.workspaceId, signal: ctx.signal });
    } catch (e) {
      if (e instanceof StepError) throw e;
      throw new StepError(`field "${field.name}": ${describeExpressionError(e)}`);
    }
    setField(output, field.name, value);
    if (IDENTIFIER.test(field.name)) setField(extra, field.name, value);
  }
  return { output };
};
