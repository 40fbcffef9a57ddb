// Which workspace variables a Code step's body reads through its `vars` argument. One function,
// so push planning, its preflight, the client's review and the "in use" checks of the Variables
// page (all through scanRequirements) count the same reads. The forms:
//   vars.KEY   vars?.KEY   vars["KEY"]   vars?.["KEY"]
//   const { KEY } = vars   const { KEY: k, OTHER = "d", "A-B": ab, ...rest } = vars   ({ KEY } = vars)
// Keys follow what each form can spell under the reference rule: a dot read or a shorthand
// property is an identifier without `$`; a quoted key may also hold `-`. A computed key
// (`vars[name]`, `{ [name]: x } = vars`) or a rest element reads keys the text cannot name.
//
// A pattern, not a parser: a read written inside a string or a comment counts too. That errs on
// the side of asking for a value that is not needed, never of missing one a run then lacks.

const IDENT_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const QUOTED_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

// `vars` not reached through another object (`x.vars`, `x?.vars`) — a spread `...vars.K` still reads.
const NOT_MEMBER = String.raw`(?<![\w$])(?<!(?<!\.)\.)`;
const MEMBER_READ = new RegExp(
  String.raw`${NOT_MEMBER}vars\s*(?:\??\.\s*([A-Za-z_][A-Za-z0-9_]*)(?![\w$])|(?:\?\.\s*)?\[\s*(["'\x60])([A-Za-z_][A-Za-z0-9_-]*)\2\s*\])`,
  "g",
);
// The closing brace of an object pattern assigned from `vars` itself (not `vars.x`, not `==`).
const DESTRUCTURE = new RegExp(String.raw`\}\s*=\s*${NOT_MEMBER}vars(?![\w$])(?!\s*(?:\??\.|\[))`, "g");

// The backward walk stays bounded (many `} = vars` without a `{` would otherwise make a large
// body quadratic): a pattern ends at a `;` before it and is at most this long.
const MAX_PATTERN = 2048;

/** Where the `{` matching the `}` at `close` is, or -1. */
function openingBrace(code: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= Math.max(0, close - MAX_PATTERN); i--) {
    const c = code[i];
    if (c === ";") return -1;
    if (c === "}" || c === "]" || c === ")") depth++;
    else if (c === "{" || c === "[" || c === "(") {
      depth--;
      if (depth === 0) return c === "{" ? i : -1;
    }
  }
  return -1;
}

/** The pattern's properties, split at its own commas (not those of defaults or nested patterns). */
function properties(pattern: string): string[] {
  const text = pattern.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/\/\/[^\n]*/g, " ");
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === "\\") i++;
    } else if (c === "{" || c === "[" || c === "(") depth++;
    else if (c === "}" || c === "]" || c === ")") depth--;
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((p) => p.trim()).filter((p) => p !== "");
}

function propertyKey(property: string): string | null {
  const quoted = /^(["'])(.*?)\1\s*:/.exec(property);
  if (quoted) return QUOTED_KEY.test(quoted[2]) ? quoted[2] : null;
  const name = /^([A-Za-z_$][\w$]*)\s*(?::|=|$)/.exec(property);
  return name && IDENT_KEY.test(name[1]) ? name[1] : null;
}

/** The keys `code` reads from `vars`, in order of first appearance. */
export function findCodeVarReads(code: string): string[] {
  const found: { at: number; key: string }[] = [];
  for (const m of code.matchAll(MEMBER_READ)) found.push({ at: m.index, key: m[1] ?? m[3] });
  for (const m of code.matchAll(DESTRUCTURE)) {
    const open = openingBrace(code, m.index);
    if (open < 0) continue;
    for (const p of properties(code.slice(open + 1, m.index))) {
      const key = propertyKey(p);
      if (key !== null) found.push({ at: open, key });
    }
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.key))];
}
