// Expressions of the transform and summarize steps: JSONata (no JavaScript eval) over
// references. Each `{{ … }}` is bound as a variable ($r0, $r1, …) holding the resolved value,
// never pasted in as text, so data cannot change the expression and
// `{{ 2.active }} - {{ 3.billed }}` is arithmetic on two numbers. A reference written inside a
// string literal is joined in with JSONata's `&` (objects as JSON).
import jsonata from "jsonata";
import { parseReference } from "@/lib/workflows/references";

export type CompiledTemplate = { source: string; refs: string[] };

/** Rewrites references to $rN variables; `refs` holds each reference's `{{ … }}` text. */
export function compileTemplate(expression: string): CompiledTemplate {
  const refs: string[] = [];
  let out = "";
  let quote: string | null = null; // inside "…", '…' or `…`
  let comment = false;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (comment) {
      out += c;
      if (c === "*" && expression[i + 1] === "/") {
        out += "/";
        i++;
        comment = false;
      }
      continue;
    }
    if (quote && c === "\\") {
      out += c + (expression[i + 1] ?? "");
      i++;
      continue;
    }
    if (c === "{" && expression[i + 1] === "{" && quote !== "`") {
      const end = expression.indexOf("}}", i + 2);
      const inner = end < 0 ? null : expression.slice(i + 2, end);
      if (inner !== null && !/[{}]/.test(inner) && parseReference(inner)) {
        const name = `$r${refs.length}`;
        refs.push(`{{${inner}}}`);
        out += quote ? `${quote} & ${name} & ${quote}` : name;
        i = end + 1;
        continue;
      }
    }
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "/" && expression[i + 1] === "*") comment = true;
    out += c;
  }
  return { source: out, refs };
}

/** The JSONata error text with its position, or the message of anything else. */
export function describeExpressionError(e: unknown): string {
  const err = e as { code?: string; position?: number; message?: string };
  const where = typeof err.position === "number" ? ` (at character ${err.position})` : "";
  return `${err.message ?? String(e)}${err.code ? ` [${err.code}]` : ""}${where}`;
}

// Bounds for one evaluation: a runaway recursion or a huge range fails the step instead of
// holding the worker.
const LIMITS = { timeout: 1_000, stack: 500, sequence: 1_000_000 };

const cache = new Map<string, jsonata.Expression>();

const noEval = () => {
  throw new Error("$eval is not available in step expressions");
};

/**
 * Evaluates a JSONata expression. `resolveRef` turns one `{{ … }}` text into its value
 * (undefined = missing, which JSONata treats as "no value"). `input` is the context (`$`),
 * `extra` are further variables (names without `$`).
 */
export async function evaluateExpression(
  expression: string,
  opts: { resolveRef: (ref: string) => unknown; input?: unknown; extra?: Record<string, unknown> },
): Promise<unknown> {
  const { source, refs } = compileTemplate(expression);
  let expr = cache.get(source);
  if (!expr) {
    expr = jsonata(source, LIMITS);
    if (cache.size > 5_000) cache.clear();
    cache.set(source, expr);
  }
  // $eval would turn text (possibly from a payload) into an expression: not offered.
  const bindings: Record<string, unknown> = { ...opts.extra, eval: noEval };
  refs.forEach((ref, i) => (bindings[`r${i}`] = opts.resolveRef(ref)));
  const value = await expr.evaluate(opts.input ?? {}, bindings);
  return toJson(value);
}

/** JSONata results may be sequences (arrays with extra flags) or hold functions; keep plain JSON. */
function toJson(value: unknown): unknown {
  if (value === undefined || typeof value === "function") return null;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "function" ? undefined : v)) ?? "null");
}
