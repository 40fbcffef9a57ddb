// How an expression's references become JSONata variables: each `{{ … }}` (outside a comment or
// a `…` backtick name) is replaced by $r0, $r1, …, and one inside a string literal is joined in
// with `&`. Pure and client-safe: the run engine evaluates what this gives
// (evaluate-expression.ts), and the editor and going Live parse it (expression-syntax.ts), so
// both read an expression the same way.
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
