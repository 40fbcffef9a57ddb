// What is wrong with JSON text, in words a person fixing it by hand can act on: where (line and
// column, both from 1) and, for the usual slips — a trailing comma, single quotes, a property
// name without quotes, a comment, a bracket never closed or closed by the wrong one, a missing
// comma, Python's True/None — what the slip is. The parsers' own messages name a position at
// best ("Expected double-quoted property name in JSON at position 41 (line 3 column 1)" for a
// trailing comma) and differ between browsers and Node. Pure and client-safe: the editor's JSON
// fields (Testing data, a request body) and the API's "request body is not valid JSON" both say it.
import { locateJsonError } from "@/lib/steps/locate-json-error";

/** "line 3, column 14: …", or null when the text is JSON (or nested too deep to walk). */
export function describeJsonError(text: string): string | null {
  const found = locateJsonError(text);
  if (!found) return null;
  const { position, problem } = explain(text, found.position, found.reason);
  const { line, column } = lineAndColumn(text, position);
  return `line ${line}, column ${column}: ${problem}`;
}

function explain(text: string, at: number, reason: string): { position: number; problem: string } {
  const c = text[at];
  const before = lastNonSpace(text, at);
  if (text.startsWith("//", at) || text.startsWith("/*", at)) return { position: at, problem: "a comment: JSON has no comments (// or /* */), remove it" };
  if ((c === "}" || c === "]") && text[before] === ",") return { position: before, problem: `a trailing comma before '${c}': JSON allows no comma after the last item, remove it` };
  if (c === "'") return { position: at, problem: "single quotes: JSON needs double quotes around text and property names (\"like this\")" };
  const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(at, at + 100))?.[0];
  if (word && reason.includes("property name")) return { position: at, problem: `the property name ${word} needs double quotes: "${word}"` };
  if (word && /^(True|False|None|undefined|NaN|Infinity)$/.test(word)) return { position: at, problem: `${word} is not a JSON value: write true, false, null, a number or "text"` };
  const open = unclosed(text, at);
  if (at >= text.length) {
    if (reason === "unterminated string") return { position: at, problem: "the text ends inside a string: its closing \" is missing" };
    if (open) return { position: at, problem: `the text ends before the '${closer(open.char)}' that closes the '${open.char}' at ${where(text, open.position)}` };
    return { position: at, problem: "the text ends where a value is expected" };
  }
  if ((c === "}" || c === "]") && open && closer(open.char) !== c)
    return { position: at, problem: `'${c}' here, but the '${open.char}' at ${where(text, open.position)} is still open: close it with '${closer(open.char)}' first` };
  if (/expected ',' or/.test(reason)) return { position: at, problem: "a comma is missing before this item" };
  if (reason.endsWith("after the end of the JSON value")) return { position: at, problem: "more text after the end of the JSON value (one value only: wrap several in [ ])" };
  return { position: at, problem: reason };
}

const closer = (open: string) => (open === "{" ? "}" : "]");

function lastNonSpace(text: string, before: number): number {
  let i = before - 1;
  while (i >= 0 && " \t\n\r".includes(text[i])) i--;
  return i;
}

// The innermost bracket still open at `end` (strings skipped), or null.
function unclosed(text: string, end: number): { char: string; position: number } | null {
  const stack: number[] = [];
  for (let i = 0; i < end && i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < end && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "{" || c === "[") stack.push(i);
    else if (c === "}" || c === "]") stack.pop();
  }
  const top = stack.at(-1);
  return top === undefined ? null : { char: text[top], position: top };
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: position - start + 1 };
}

const where = (text: string, position: number) => {
  const { line, column } = lineAndColumn(text, position);
  return `line ${line}, column ${column}`;
};
