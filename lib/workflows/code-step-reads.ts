// Where a Code step's body reads earlier steps' outputs by number: `steps[2]`, `steps["2"]`,
// `steps?.[2]`. Inserting, moving or removing a step renumbers these as it renumbers `{{ 2.x }}`
// references (references.ts), or the code would silently read whichever step took the number;
// a single-step test borrows the outputs they name (lib/runs/pick-step-test-source.ts).
//
// A small scanner, not a parser: it skips comments, strings, template-literal text and regex
// literals (a `/` after a value is division), so `"steps[2]"` in a string is text, not a read.
// A read of a removed step becomes `steps.removed`, which save-time validation reports (as it
// reports `{{ removed.x }}`). Other uses of `steps` (`steps[i]`, `Object.keys(steps)`) are left
// alone: which steps they read cannot be known from the text.

export type CodeStepRead = { step: number; start: number; end: number };

export type CodeStepReads = { reads: CodeStepRead[]; removed: number };

/** What `steps.removed` stands for once a read step was removed. */
export const REMOVED_STEP_READ = "steps.removed";

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
// After these words a `/` starts a regex literal; after any other word or value it divides.
const BEFORE_EXPRESSION = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]);

/** Every numbered read of `steps` in `code`, with the position of its index (quotes included). */
export function findCodeStepReads(code: string): CodeStepReads {
  const out: CodeStepReads = { reads: [], removed: 0 };
  const n = code.length;
  // Open template literals: each entry is the brace depth at which its `${` was entered.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  // The last token that was not a comment or space: a value (so `/` divides), "." or an operator.
  let last: "value" | "dot" | "other" = "other";

  const skipString = (quote: string) => {
    for (i++; i < n && code[i] !== quote; i++) {
      if (code[i] === "\\") i++;
      else if (code[i] === "\n") break; // unterminated: stop at the line's end
    }
    i++;
  };
  /** Template text from i (just after "`" or "}"); stops after "`" or after "${". */
  const skipTemplateText = () => {
    for (; i < n; i++) {
      if (code[i] === "\\") i++;
      else if (code[i] === "`") {
        i++;
        return;
      } else if (code[i] === "$" && code[i + 1] === "{") {
        i += 2;
        templates.push(depth);
        depth++;
        return;
      }
    }
  };
  const skipRegex = () => {
    let inClass = false;
    for (i++; i < n; i++) {
      const c = code[i];
      if (c === "\\") i++;
      else if (c === "[") inClass = true;
      else if (c === "]") inClass = false;
      else if (c === "/" && !inClass) break;
      else if (c === "\n") break;
    }
    for (i++; i < n && IDENT_PART.test(code[i]); i++); // flags
  };
  const spaceAt = (at: number) => {
    while (at < n && /\s/.test(code[at])) at++;
    return at;
  };

  /** A sticky match at `at` (no slice of the rest: code may hold thousands of reads). */
  const at0 = (re: RegExp, at: number) => {
    re.lastIndex = at;
    return re.exec(code);
  };

  /** At `steps` (not a property of something else): records a numbered read, if it is one. */
  const readAfterSteps = (after: number) => {
    let at = spaceAt(after);
    if (code.startsWith("?.", at)) at = spaceAt(at + 2);
    if (code[at] === ".") {
      const word = at0(/\.\s*([A-Za-z_$][\w$]*)/y, at);
      if (word?.[1] === "removed") out.removed++;
      return;
    }
    if (code[at] !== "[") return;
    const inner = spaceAt(at + 1);
    const m = at0(/(?:(\d+)|"(\d+)"|'(\d+)')\s*\]/y, inner);
    if (!m) return;
    const token = m[0].replace(/\s*\]$/, "");
    out.reads.push({ step: Number(m[1] ?? m[2] ?? m[3]), start: inner, end: inner + token.length });
  };

  while (i < n) {
    const c = code[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === "/" && code[i + 1] === "/") {
      while (i < n && code[i] !== "\n") i++;
    } else if (c === "/" && code[i + 1] === "*") {
      const close = code.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === '"' || c === "'") {
      skipString(c);
      last = "value";
    } else if (c === "`") {
      i++;
      skipTemplateText();
      last = "value";
    } else if (c === "/") {
      if (last === "value") i++;
      else skipRegex();
      last = last === "value" ? "other" : "value";
    } else if (IDENT_START.test(c)) {
      const start = i;
      while (i < n && IDENT_PART.test(code[i])) i++;
      const word = code.slice(start, i);
      if (word === "steps" && last !== "dot") readAfterSteps(i);
      last = BEFORE_EXPRESSION.has(word) ? "other" : "value";
    } else if (/\d/.test(c)) {
      while (i < n && /[\w.]/.test(code[i])) i++;
      last = "value";
    } else if (c === "{") {
      depth++;
      i++;
      last = "other";
    } else if (c === "}") {
      depth--;
      i++;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        skipTemplateText();
        last = "value";
      } else last = "other";
    } else {
      // `?.` is a dot too (`x?.steps`), and `)`/`]` end values (`(a) / 2`).
      last = c === "." || (c === "?" && code[i + 1] === ".") ? "dot" : c === ")" || c === "]" ? "value" : "other";
      i += c === "?" && code[i + 1] === "." ? 2 : 1;
    }
  }
  return out;
}

/** The code with each numbered read renumbered by `mapping` (old → new; null: removed). */
export function rewriteCodeStepReads(code: string, mapping: ReadonlyMap<number, number | null>): string {
  const parts: string[] = [];
  let done = 0; // code before this is in parts
  for (const read of findCodeStepReads(code).reads) {
    if (!mapping.has(read.step)) continue;
    const to = mapping.get(read.step)!;
    if (to === null) {
      // `steps[2]` → `steps.removed`: from the `steps` (and `?.`) before the bracket to its end.
      const open = code.lastIndexOf("[", read.start);
      const head = code.slice(done, open).replace(/\s*(\?\.)?\s*$/, "");
      parts.push(head.slice(0, head.length - "steps".length), REMOVED_STEP_READ);
      done = code.indexOf("]", read.end) + 1;
    } else {
      parts.push(code.slice(done, read.start), code.slice(read.start, read.end).replace(/\d+/, String(to)));
      done = read.end;
    }
  }
  parts.push(code.slice(done));
  return parts.join("");
}

// A name `steps` of the code's own — a parameter, a variable, a destructured one — hides the
// workflow's: `const f = (steps) => steps[7]` reads its argument, not step 7, and the save-time
// check of the reads (references.ts) must not refuse it. Found by pattern, strings and comments
// included: a false find only skips that check, and the run says what is wrong as before.
const OWN_STEPS = [
  /\b(?:const|let|var|function|class)\s+steps\b/,
  /\bsteps\s*=>/,
  /\([^()]*\bsteps\b[^()]*\)\s*=>/,
  /\bfunction\b[^(]*\([^)]*\bsteps\b/,
  /\bcatch\s*\(\s*steps\b/,
  /\b(?:const|let|var)\s*[{[][^=]*\bsteps\b[^=]*=/,
];

/** Whether the code binds a `steps` of its own, so its `steps[n]` may not be the workflow's. */
export const bindsOwnSteps = (code: string): boolean => OWN_STEPS.some((p) => p.test(code));

