// $length, $substring and $pad without a list of the text's characters, and refusing a text longer
// than any step's output may be. JSONata's own turn the whole text into an array of one string per
// character (for code points, not UTF-16 units) inside one call, where its 1 s limit is never
// checked: `$length` of a 400-million-character text (`$pad` of 100 million, doubled twice with `&`,
// which costs nothing) held the worker for minutes and left its runs `running`; `$pad("", 300000000)`
// took 16 s to fail with "Invalid array length". These count code points in a loop and cut the text
// with `slice`, giving the same values; `$uppercase`, `$lowercase`, `$trim`, `$substringBefore` and
// `$substringAfter` keep JSONata's code behind the same bound on their text.
import type jsonata from "jsonata";

/** The longest text these take (and $pad's widest width): 16 × 1024 × 1024 characters, as many as
 *  a step's 16 MB output can hold (lib/runs/execute-step.ts), and far under V8's own string limit. A
 *  function, not a constant, so that it travels into the isolate with the rest. */
function textLimit(): number {
  return 16_777_216;
}

/** Refuses a text (or a $pad width) over the limit, naming the function, before any work on it. */
function assertTextLimit(name: string, size: number, what: string, atLeast?: boolean): void {
  if (size <= textLimit()) return;
  const n = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  throw new Error(`$${name}: ${what} of ${atLeast ? "at least " : ""}${n(size)} characters; at most ${n(textLimit())} (a step's output may be at most 16 MB)`);
}

/** The limit in code points, read from the UTF-16 length first (free, even for a text joined with
 *  `&` that has never been laid out in one piece): a text of over twice the limit in UTF-16 units
 *  is refused uncounted; one between, counted. */
function assertTextWithinLimit(name: string, str: string): void {
  if (str.length <= textLimit()) return;
  if (str.length > 2 * textLimit()) assertTextLimit(name, Math.ceil(str.length / 2), "a text", str.length > Math.ceil(str.length / 2));
  assertTextLimit(name, codePointLength(str), "a text");
}

/** Code points, as `for … of` counts them: a surrogate pair is one, a lone surrogate one. */
function codePointLength(str: string): number {
  let n = str.length;
  for (let i = 0; i < str.length - 1; i++) {
    const c = str.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = str.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The UTF-16 offset of code point `index` (0 ≤ index ≤ the code point length). */
function unitOffset(str: string, index: number): number {
  let i = 0;
  for (let k = 0; k < index && i < str.length; k++) {
    const c = str.charCodeAt(i);
    const d = str.charCodeAt(i + 1);
    i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
  }
  return i;
}

/** Array.prototype.slice's reading of a start or end over `len` items. */
function sliceIndex(x: number, len: number): number {
  const t = Math.trunc(x) || 0;
  return t < 0 ? Math.max(len + t, 0) : Math.min(t, len);
}

/** JSONata's $substring: `start` and `length` in code points, a negative start from the end. */
function substring(str: string | undefined, start: number, length?: number): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("substring", str);
  return cut(str, start, length);
}

/** $substring's work, for a text already within the limit. */
function cut(str: string, start: number, length?: number): string {
  const strLength = codePointLength(str);
  if (strLength + start < 0) start = 0;
  let end = strLength;
  if (typeof length !== "undefined") {
    if (length <= 0) return "";
    end = start >= 0 ? start + length : strLength + start + length;
  }
  const from = sliceIndex(start, strLength);
  const to = sliceIndex(end, strLength);
  if (to <= from) return "";
  if (strLength === str.length) return str.slice(from, to);
  const at = unitOffset(str, from);
  return str.slice(at, at + unitOffset(str.slice(at), to - from));
}

function length(str: string | undefined): number | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("length", str);
  return codePointLength(str);
}

/** JSONata's $pad: `width` code points, padding on the right (positive) or left (negative). */
function pad(str: string | undefined, width: number, char?: string): string | undefined {
  if (typeof str === "undefined") return undefined;
  if (typeof char === "undefined" || char.length === 0) char = " ";
  width = Math.trunc(width);
  assertTextLimit("pad", Math.abs(width), "a width");
  assertTextWithinLimit("pad", str);
  const padLength = Math.abs(width) - codePointLength(str);
  if (!(padLength > 0)) return str;
  // JSONata repeats `char` padLength times, then keeps padLength code points. Fewer repeats give
  // the same: each adds at least half its code points, even when a pair forms where two meet.
  const repeats = Math.min(padLength, 2 * Math.ceil(padLength / codePointLength(char)));
  let padding = char.repeat(repeats);
  if (char.length > 1) padding = cut(padding, 0, padLength);
  return width > 0 ? str + padding : padding + str;
}

function uppercase(str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("uppercase", str);
  return str.toUpperCase();
}

function lowercase(str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("lowercase", str);
  return str.toLowerCase();
}

/** JSONata's $trim: runs of spaces, tabs and line breaks become one space, none at either end. */
function trim(str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("trim", str);
  let result = str.replace(/[ \t\n\r]+/gm, " ");
  if (result.charAt(0) === " ") result = result.substring(1);
  if (result.charAt(result.length - 1) === " ") result = result.substring(0, result.length - 1);
  return result;
}

function substringBefore(str: string | undefined, chars: string): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("substringBefore", str);
  const pos = str.indexOf(chars);
  return pos > -1 ? str.substr(0, pos) : str;
}

function substringAfter(str: string | undefined, chars: string): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("substringAfter", str);
  const pos = str.indexOf(chars);
  return pos > -1 ? str.substr(pos + chars.length) : str;
}

/** Replaces these text functions for one compiled expression (signatures as JSONata declares them). */
export function registerTextFunctions(expr: jsonata.Expression): void {
  expr.registerFunction("length", length, "<s-:n>");
  expr.registerFunction("substring", substring, "<s-nn?:s>");
  expr.registerFunction("pad", pad, "<s-ns?:s>");
  expr.registerFunction("uppercase", uppercase, "<s-:s>");
  expr.registerFunction("lowercase", lowercase, "<s-:s>");
  expr.registerFunction("trim", trim, "<s-:s>");
  expr.registerFunction("substringBefore", substringBefore, "<s-s:s>");
  expr.registerFunction("substringAfter", substringAfter, "<s-s:s>");
}

/** The same functions as JavaScript source for the sandbox isolate (as LIST_FUNCTIONS_SOURCE in
 *  jsonata-list-functions.ts): evaluated there, it is `registerTextFunctions`. */
export const TEXT_FUNCTIONS_SOURCE = `(() => {\n${[textLimit, assertTextLimit, assertTextWithinLimit, codePointLength, unitOffset, sliceIndex, substring, cut, length, pad, uppercase, lowercase, trim, substringBefore, substringAfter].join("\n")}\nreturn ${registerTextFunctions};\n})()`;
