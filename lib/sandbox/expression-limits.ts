// Bounds for one JSONata evaluation, in this process (lib/steps/evaluate-expression.ts) and in
// the sandbox isolate (run-expression-isolate.ts) alike: a runaway recursion or a huge range
// fails the step instead of holding the worker. Plain TypeScript: the sandbox child imports it
// under Node's own type stripping.
export const EXPRESSION_LIMITS = { timeout: 1_000, stack: 500, sequence: 1_000_000 } as const;
