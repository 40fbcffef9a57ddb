// JSONata's text functions and its `&`, bounded: no text an expression builds or reads is longer than
// any step's output may be. JSONata's own $length, $substring and $pad turn the whole text into an
// array of one string per character (for code points, not UTF-16 units) inside one call, where its
// 1 s limit is never checked: `$length` of a 400-million-character text (`$pad` of 100 million,
// doubled twice with `&`, which costs nothing) held the worker for minutes and left its runs
// `running`; `$pad("", 300000000)` took 16 s to fail with "Invalid array length". These count code
// points in a loop and cut the text with `slice`, giving the same values; `$uppercase`, `$lowercase`,
// `$trim`, `$substringBefore` and `$substringAfter` keep JSONata's code behind the same bound.
// `&`, `$join`, `$string`, `$replace`, `$encodeUrl(Component)` and `$base64encode` build texts longer
// than what they are given: `&` doubled in a `$reduce` joined 500 million characters for nothing,
// which the next function to read them, or the step's output, then laid out whole (5 s and 2.5 GB
// of the worker's memory; `$string` of a list of 30 such texts, 11 s). Each refuses a result over
// the limit, before building it where its size is known beforehand, and so does a picture function
// (`$fromMillis(0, "[Y,500000000]")`) after JSONata's; `$split`, `$contains` and `$replace` refuse a
// text over it before scanning it. Values are JSONata's (compared over thousands of cases:
// tests/unit/expression-text-limits.test.ts). One file, as the isolate takes these as one source.
// Each text one evaluation builds is also counted against a budget for that evaluation (`charged`):
// texts each within the limit, built again for each of 300 items (`[1..300].$uppercase(…)`, or a
// new 16M join per item that a reader then lays out), held 400–950 MB of the worker within the 1 s
// limit, which only then ended them.
import type jsonata from "jsonata";

/** The longest text these take or give (and $pad's widest width): 16 × 1024 × 1024 characters, as
 *  many as a step's 16 MB output can hold (lib/runs/execute-step.ts), and far under V8's own string
 *  limit. A function, not a constant, so that it travels into the isolate with the rest. */
function textLimit(): number {
  return 16_777_216;
}

/** JSONata's `this` for a registered function. Its `environment.base` is the frame one `evaluate`
 *  makes afresh (jsonata.js: `exec_env.base = exec_env`), so a count kept there belongs to that
 *  evaluation alone, whichever compiled expression it runs: compiled expressions are cached and
 *  shared by every run of the worker (and every job of a sandbox isolate). */
type Focus = jsonata.Focus | undefined;

/** The most characters (UTF-16 units) the texts one evaluation builds may add up to: four times
 *  the text limit. A function, as textLimit. */
function budgetLimit(): number {
  return 67_108_864;
}

/** Where an evaluation's count is kept on its frame: a symbol, which no binding from data can take. */
function budgetName(): symbol {
  return Symbol.for("jsonata-text-functions.built");
}

/** 67108864 → "67,108,864", for the limits' messages. */
function withCommas(v: number): string {
  return String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Counts a text an evaluation built against its budget and gives it back, or refuses it once the
 *  texts built so far pass the budget. Only builders count: a text read, or cut from one
 *  ($substring, $split, $substringBefore/After), shares the memory of the text it came from. */
function charged(focus: Focus, text: string): string {
  const frame = (focus?.environment as { base?: Record<symbol, number> } | undefined)?.base;
  if (!frame) return text;
  const built = (frame[budgetName()] ?? 0) + text.length;
  frame[budgetName()] = built;
  if (built <= budgetLimit()) return text;
  throw new Error(`expression result too large: more than ${withCommas(budgetLimit())} characters (all the texts one evaluation builds, together; join many pieces with $join, which counts its result once, rather than & in a loop)`);
}

/** Refuses a size over the limit, naming the function (`&` as itself), before any work on it. */
function assertTextLimit(name: string, size: number, what: string, atLeast?: boolean): void {
  if (size <= textLimit()) return;
  throw new Error(`${name === "&" ? "&" : `$${name}`}: ${what} of ${atLeast ? "at least " : ""}${withCommas(size)} characters; at most ${withCommas(textLimit())} (a step's output may be at most 16 MB)`);
}

/** The most items $split gives: as many as a range ([1..n]) may hold (EXPRESSION_LIMITS.sequence).
 *  A 16-million-character text split on "" made 16 million one-character texts (a list the
 *  step's output then laid out whole). A function, as textLimit. */
function itemLimit(): number {
  return 1_000_000;
}

/** The most grouping separators a $formatInteger picture may hold: JSONata inserts each by
 *  copying the digits so far, so 20,000 ("0,0,0,…") took a second in one call, where the 1 s limit
 *  is never checked; 1,000 take ~20 ms. */
function separatorLimit(): number {
  return 1_000;
}

/** Refuses a count over `most`, in the words of assertTextLimit. */
function assertCountLimit(name: string, count: number, most: number, what: string, why: string, atLeast?: boolean): void {
  if (count <= most) return;
  throw new Error(`$${name}: ${what.replace("#", `${atLeast ? "at least " : ""}${withCommas(count)}`)}; at most ${withCommas(most)} (${why})`);
}

/** Refuses `units` UTF-16 units of text that cannot be within the limit whatever they hold: over
 *  twice the limit, as a text has at least half as many code points as units. */
function assertUnitsWithinLimit(name: string, units: number, what: string): void {
  if (units > 2 * textLimit()) assertTextLimit(name, Math.ceil(units / 2), what, true);
}

/** The limit in code points, read from the UTF-16 length first (free, even for a text joined with
 *  `&` that has never been laid out in one piece): a text of over twice the limit in UTF-16 units
 *  is refused uncounted; one between, counted. Gives the text back. */
function assertTextWithinLimit(name: string, str: string, what?: string): string {
  if (str.length <= textLimit()) return str;
  assertUnitsWithinLimit(name, str.length, what ?? "a text");
  assertTextLimit(name, codePointLength(str), what ?? "a text");
  return str;
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
function pad(this: Focus, str: string | undefined, width: number, char?: string): string | undefined {
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
  return charged(this, width > 0 ? str + padding : padding + str);
}

function uppercase(this: Focus, str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("uppercase", str);
  return charged(this, assertTextWithinLimit("uppercase", str.toUpperCase(), "a result")); // "ß" is "SS"
}

function lowercase(this: Focus, str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("lowercase", str);
  return charged(this, assertTextWithinLimit("lowercase", str.toLowerCase(), "a result"));
}

/** JSONata's $trim: runs of spaces, tabs and line breaks become one space, none at either end. */
function trim(this: Focus, str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("trim", str);
  let result = str.replace(/[ \t\n\r]+/gm, " ");
  if (result.charAt(0) === " ") result = result.substring(1);
  if (result.charAt(result.length - 1) === " ") result = result.substring(0, result.length - 1);
  return charged(this, result);
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

/** JSONata's test for a function value (a native one, a lambda, or an argument's closure). */
function isFunctionValue(v: unknown): boolean {
  const f = v as { _jsonata_function?: unknown; _jsonata_lambda?: unknown } | null | undefined;
  return Boolean(f && (f._jsonata_function === true || f._jsonata_lambda === true)) || typeof v === "function";
}

/** JSONata's $string (and what `&` makes of a value that is not text): JSON, numbers to 15
 *  significant digits, functions as "". Its size is counted while JSON.stringify works, which stops
 *  as soon as the count is sure to be over the limit: each text and member name as it is, and with
 *  `prettify` each member's indentation; quotes, commas and escapes only add to it. */
function toText(name: string, arg: unknown, prettify?: boolean): string {
  if (typeof arg === "string") return arg;
  if (isFunctionValue(arg)) return "";
  if (typeof arg === "number" && !isFinite(arg)) throw { code: "D3001", value: arg, stack: new Error().stack };
  if (Array.isArray(arg) && (arg as { outerWrapper?: boolean }).outerWrapper) arg = arg[0];
  let size = 0;
  const depths = prettify ? new Map<unknown, number>() : undefined;
  const text = JSON.stringify(
    arg,
    function (this: unknown, key: string, val: unknown) {
      if (typeof val === "string") size += val.length;
      if (val !== undefined && !Array.isArray(this)) size += key.length;
      if (depths) {
        const depth = depths.get(this) ?? 0;
        size += 2 * depth;
        if (val !== null && typeof val === "object") depths.set(val, depth + 1);
      }
      assertUnitsWithinLimit(name, size, "a result");
      if (typeof val === "number") {
        if (!isFinite(val) && !isNaN(val)) throw { code: "D1001", value: val, stack: new Error().stack };
        if (!isNaN(val)) return !Number.isInteger(val) ? Number(val.toPrecision(15)) : val;
      }
      return val && isFunctionValue(val) ? "" : val;
    },
    prettify ? 2 : 0,
  );
  return assertTextWithinLimit(name, text, "a result");
}

function string(this: Focus, arg: unknown, prettify?: boolean): string | undefined {
  if (typeof arg === "undefined") return undefined;
  return typeof arg === "string" ? arg : charged(this, toText("string", arg, prettify));
}

/** `&` (see routeTextOperators): each side as $string gives it, the two joined only when they fit. */
function concat(...args: unknown[]): string {
  // `x ~> a & b` calls this with x first; JSONata refuses `~>` to anything but a function.
  if (args.length > 2) throw { code: "T2006", token: "&", stack: new Error().stack };
  const [lhs, rhs] = args;
  const l = typeof lhs === "undefined" ? "" : toText("&", lhs);
  const r = typeof rhs === "undefined" ? "" : toText("&", rhs);
  assertUnitsWithinLimit("&", l.length + r.length, "a result");
  return assertTextWithinLimit("&", l.concat(r), "a result");
}

/** A chain of `&` (`a & b & c`, as a template's pieces are joined): joined left to right as `&`
 *  joins two, the whole counted once against the evaluation's budget — counting each step of the
 *  chain would count a template of n pieces about n/2 times. */
function concatAll(this: Focus, ...args: unknown[]): string {
  let text = concat(args[0], args[1]);
  for (let i = 2; i < args.length; i++) text = concat(text, args[i]);
  return charged(this, text);
}

function join(this: Focus, strs: string[] | undefined, separator?: string): string | undefined {
  if (typeof strs === "undefined") return undefined;
  if (typeof separator === "undefined") separator = "";
  let units = separator.length * Math.max(strs.length - 1, 0);
  for (const s of strs) units += s.length;
  assertUnitsWithinLimit("join", units, "a result");
  return charged(this, assertTextWithinLimit("join", strs.join(separator), "a result"));
}

type Match = { match: string; start: number; end: number; groups: string[]; next: () => unknown };
type Matcher = (str?: string) => unknown;

/** JSONata's evaluateMatcher: a regex (or a function acting as one) applied, its result checked. */
async function matchOf(matcher: Matcher, str?: string): Promise<Match | undefined> {
  const result = (await matcher(str)) as Match | undefined;
  if (result && !(typeof result.start === "number" || Array.isArray(result.groups) || isFunctionValue(result.next))) throw { code: "T1010", stack: new Error().stack };
  return result;
}

async function contains(str: string | undefined, token: string | Matcher | undefined): Promise<boolean | undefined> {
  if (typeof str === "undefined" || typeof token === "undefined") return undefined;
  assertTextWithinLimit("contains", str);
  if (typeof token === "string") return str.indexOf(token) !== -1;
  return (await matchOf(token, str)) !== undefined;
}

async function split(str: string | undefined, separator: string | Matcher, limit?: number): Promise<string[] | undefined> {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("split", str);
  if (limit! < 0) throw { code: "D3020", stack: new Error().stack, value: limit, index: 3 };
  if (!(typeof limit === "undefined" || limit > 0)) return [];
  const most = Math.min(itemLimit(), typeof limit === "undefined" ? Infinity : limit);
  if (typeof separator === "string") {
    // Counted before splitting, so no list of millions is made to be refused.
    let items = 1;
    if (separator === "") items = str.length;
    else for (let at = str.indexOf(separator); at !== -1 && items <= most; at = str.indexOf(separator, at + separator.length)) items++;
    if (items > most) assertCountLimit("split", Math.min(items, typeof limit === "undefined" ? items : limit), itemLimit(), "a result of # items", "as many as a range [1..n] may hold", separator !== "");
    return str.split(separator, limit);
  }
  const result: string[] = [];
  let matches = await matchOf(separator, str);
  if (matches === undefined) return [str];
  let start = 0;
  let count = 0;
  while (matches !== undefined && (typeof limit === "undefined" || count < limit)) {
    assertCountLimit("split", count + 1, itemLimit(), "a result of # items", "as many as a range [1..n] may hold", true);
    result.push(str.substring(start, matches.start));
    start = matches.end;
    matches = await matchOf(matches.next as Matcher);
    count++;
  }
  if (typeof limit === "undefined" || count < limit) {
    assertCountLimit("split", count + 1, itemLimit(), "a result of # items", "as many as a range [1..n] may hold", true);
    result.push(str.substring(start));
  }
  return result;
}

/** JSONata's replacement text for a regex match: $0 the match, $1… its groups, $$ a "$". */
function substitute(replacement: string, m: Match): string {
  let out = "";
  let position = 0;
  let index = replacement.indexOf("$", position);
  while (index !== -1 && position < replacement.length) {
    out += replacement.substring(position, index);
    position = index + 1;
    const next = replacement.charAt(position);
    if (next === "$") {
      out += "$";
      position++;
    } else if (next === "0") {
      out += m.match;
      position++;
    } else {
      const maxDigits = m.groups.length === 0 ? 1 : Math.floor(Math.log(m.groups.length) * Math.LOG10E) + 1;
      index = parseInt(replacement.substring(position, position + maxDigits), 10);
      if (maxDigits > 1 && index > m.groups.length) index = parseInt(replacement.substring(position, position + maxDigits - 1), 10);
      if (!isNaN(index)) {
        if (m.groups.length > 0 && typeof m.groups[index - 1] !== "undefined") out += m.groups[index - 1];
        position += index.toString().length;
      } else {
        out += "$";
      }
    }
    index = replacement.indexOf("$", position);
  }
  return out + replacement.substring(position);
}

/** JSONata's $replace; its result counted against the evaluation's budget. */
async function replace(this: Focus, str: string | undefined, pattern: string | Matcher, replacement: string | ((m: Match) => unknown), limit?: number): Promise<string | undefined> {
  const result = await replaced(str, pattern, replacement, limit);
  return result === undefined || result === str ? result : charged(this, result);
}

async function replaced(str: string | undefined, pattern: string | Matcher, replacement: string | ((m: Match) => unknown), limit?: number): Promise<string | undefined> {
  if (typeof str === "undefined") return undefined;
  assertTextWithinLimit("replace", str);
  if (pattern === "") throw { code: "D3010", stack: new Error().stack, value: pattern, index: 2 };
  if (limit! < 0) throw { code: "D3011", stack: new Error().stack, value: limit, index: 4 };
  if (!(typeof limit === "undefined" || limit > 0)) return str;
  if (typeof pattern === "string") {
    // JSONata's loop: the first `limit` matches left to right, each replaced by the text as it is.
    const text = String(replacement);
    const growth = text.length - pattern.length;
    const within = (count: number) => typeof limit === "undefined" || count < limit;
    if (growth <= 0) {
      let result = "";
      let position = 0;
      for (let at = str.indexOf(pattern), count = 0; at !== -1 && within(count); at = str.indexOf(pattern, position), count++) {
        result += str.substring(position, at) + text;
        position = at + pattern.length;
      }
      // No longer in units, but in characters when pairs are replaced by lone halves ("😀" by "ab").
      return assertTextWithinLimit("replace", result + str.substring(position), "a result");
    }
    // Growing, it is counted first when the most matches there could be would take it past the
    // limit, so that a result over it is refused before anything is built; then split and join build
    // it natively (JSONata's `+=` per match held 16 million joined pieces, 700 MB, for 1.3 s).
    if (str.length + Math.floor(str.length / pattern.length) * growth > textLimit()) {
      let count = 0;
      for (let at = str.indexOf(pattern); at !== -1 && within(count); at = str.indexOf(pattern, at + pattern.length)) count++;
      const units = str.length + count * growth;
      // Without surrogates (half an emoji) in either, each unit is one character: refused exactly.
      if (!/[\ud800-\udfff]/.test(str) && !/[\ud800-\udfff]/.test(text)) assertTextLimit("replace", units, "a result");
      assertUnitsWithinLimit("replace", units, "a result");
    }
    const pieces = str.split(pattern);
    const n = typeof limit === "undefined" ? pieces.length - 1 : Math.min(pieces.length - 1, Math.ceil(limit));
    const head = pieces.slice(0, n + 1).join(text);
    return assertTextWithinLimit("replace", n === pieces.length - 1 ? head : head + pattern + pieces.slice(n + 1).join(pattern), "a result");
  }
  let matches = await matchOf(pattern, str);
  if (matches === undefined) return str;
  const parts: string[] = [];
  let units = 0;
  let position = 0;
  let count = 0;
  while (matches !== undefined && (typeof limit === "undefined" || count < limit)) {
    const replacedWith = typeof replacement === "string" ? substitute(replacement, matches) : await replacement(matches);
    if (typeof replacedWith !== "string") throw { code: "D3012", stack: new Error().stack, value: replacedWith };
    parts.push(str.substring(position, matches.start), replacedWith);
    units += matches.start - position + replacedWith.length;
    assertUnitsWithinLimit("replace", units, "a result");
    position = matches.start + matches.match.length;
    count++;
    matches = await matchOf(matches.next as Matcher);
  }
  parts.push(str.substring(position));
  return assertTextWithinLimit("replace", parts.join(""), "a result");
}

/** Refuses what encodeURI(Component) would make of `str` over the limit, counted when it could be:
 *  one character for a character it keeps, three per UTF-8 byte for the others. */
function assertEncodable(name: string, str: string, kept: string): void {
  if (9 * str.length <= textLimit()) return;
  // Never shorter than the text: one over the limit is refused unread.
  assertTextLimit(name, str.length, "a result", true);
  const keep = new Uint8Array(128);
  for (let i = 0; i < kept.length; i++) keep[kept.charCodeAt(i)] = 1;
  let n = 0;
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    const d = str.charCodeAt(i + 1);
    if (c < 0x80) n += keep[c] ? 1 : 3;
    else if (c < 0x800) n += 6;
    else if (c < 0xd800 || c > 0xdbff || d < 0xdc00 || d > 0xdfff) n += 9;
    else {
      n += 12; // a surrogate pair: one code point of four bytes
      i++;
    }
  }
  assertTextLimit(name, n, "a result");
}

function encodeUrlComponent(this: Focus, str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertEncodable("encodeUrlComponent", str, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()");
  try {
    return charged(this, encodeURIComponent(str));
  } catch {
    throw { code: "D3140", stack: new Error().stack, value: str, functionName: "encodeUrlComponent" };
  }
}

function encodeUrl(this: Focus, str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertEncodable("encodeUrl", str, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'();,/?:@&=+$#");
  try {
    return charged(this, encodeURI(str));
  } catch {
    throw { code: "D3140", stack: new Error().stack, value: str, functionName: "encodeUrl" };
  }
}

/** Base64 of the text's Latin-1 bytes (as JSONata: Node's Buffer, or the isolate's stand-in). */
function base64encode(this: Focus, str: string | undefined): string | undefined {
  if (typeof str === "undefined") return undefined;
  assertTextLimit("base64encode", 4 * Math.ceil(str.length / 3), "a result");
  return charged(this, global.Buffer.from(str, "binary").toString("base64"));
}

/** The names `&` and the check of a picture function's result are bound to: symbols, which no
 *  binding from data (a column named "&") can take. */
function concatName(): string {
  return Symbol.for("jsonata-text-functions.concat") as unknown as string;
}
function concatAllName(): string {
  return Symbol.for("jsonata-text-functions.concatAll") as unknown as string;
}
function checkName(): string {
  return Symbol.for("jsonata-text-functions.checked") as unknown as string;
}

/** Functions whose result's length their picture decides: `$fromMillis(0, "[Y,500000000]")` pads
 *  the year to 500 million characters (joined lazily, as `&` joins, in 11 ms). */
function pictureFunctions(): string[] {
  return ["fromMillis", "now", "formatInteger", "formatNumber", "formatBase"];
}

/** JSONata's own functions whose result is checked by `checkedResult` (limit and budget): the
 *  picture functions, and those that build a new text from another, bounded by it but new each call. */
function checkedFunctions(): string[] {
  return [...pictureFunctions(), "decodeUrl", "decodeUrlComponent", "base64decode"];
}

function pictureCheckName(): string {
  return Symbol.for("jsonata-text-functions.picture") as unknown as string;
}

/** A $formatInteger picture, refused with too many grouping separators (any character but a
 *  digit, # or a letter) before JSONata inserts them one copy at a time. */
function checkedPicture(picture: unknown): unknown {
  if (typeof picture !== "string") return picture;
  let separators = 0;
  for (const c of picture) if (!/[\p{Nd}#\p{L}]/u.test(c)) separators++;
  assertCountLimit("formatInteger", separators, separatorLimit(), "a picture of # grouping separators", "each is inserted by copying the digits so far");
  return picture;
}

function checkedResult(this: Focus, name: string, value: unknown): unknown {
  return typeof value === "string" ? charged(this, assertTextWithinLimit(name, value, "a result")) : value;
}

/** JSONata evaluates `&` itself, with no hook a function could take over: each chain of `&` of the
 *  parsed expression (`a & b & c` parses as `(a & b) & c`) becomes one call of `concatAll` instead
 *  (JSONata's own shape for `$f(a, b, c)`), and each call of a picture function (checkedFunctions)
 *  a call of `checkedResult` around it — not one that `~>` calls, which passes its left side to the
 *  call it names (an `&` there stays `concat` of two, which refuses that as JSONata does). */
function routeTextOperators(ast: unknown): void {
  const seen = new Set<unknown>();
  const applied = new Set<unknown>();
  const stack = [ast];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    if (node === null || typeof node !== "object" || node instanceof RegExp || seen.has(node)) continue;
    seen.add(node);
    if (node.type === "apply") applied.add(node.rhs);
    if (node.type === "binary" && node.value === "&") {
      const operands = [node.rhs];
      let lhs = node.lhs as Record<string, unknown>;
      for (; !applied.has(node) && lhs?.type === "binary" && lhs.value === "&"; lhs = lhs.lhs as Record<string, unknown>) operands.unshift(lhs.rhs);
      operands.unshift(lhs);
      const value = applied.has(node) ? concatName() : concatAllName();
      Object.assign(node, { type: "function", value: "(", procedure: { type: "variable", value, position: node.position }, arguments: operands });
      delete node.lhs;
      delete node.rhs;
    }
    const procedure = node.procedure as { type?: string; value?: string } | undefined;
    // $formatInteger's picture is its second argument, or its first when ~> passes the number.
    if (node.type === "function" && procedure?.type === "variable" && procedure.value === "formatInteger" && !node.pictureChecked) {
      const args = node.arguments as unknown[];
      const at = applied.has(node) ? 0 : 1;
      if (args[at] !== undefined) {
        const check = { type: "function", value: "(", position: node.position, procedure: { type: "variable", value: pictureCheckName(), position: node.position }, arguments: [args[at]] };
        seen.add(check);
        stack.push(args[at]);
        args[at] = check;
      }
      node.pictureChecked = true;
    }
    if (node.type === "function" && !applied.has(node) && procedure?.type === "variable" && checkedFunctions().includes(procedure.value!)) {
      const call = { type: "function", value: node.value, position: node.position, procedure, arguments: node.arguments };
      seen.add(call);
      const name = { type: "string", value: procedure.value, position: node.position };
      Object.assign(node, { procedure: { type: "variable", value: checkName(), position: node.position }, arguments: [name, call] });
      stack.push(call.arguments);
    }
    for (const value of Object.values(node)) stack.push(value);
  }
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
  expr.registerFunction("string", string, "<x-b?:s>");
  expr.registerFunction("join", join, "<a<s>s?:s>");
  expr.registerFunction("contains", contains, "<s-(sf):b>");
  expr.registerFunction("split", split, "<s-(sf)n?:a<s>>");
  expr.registerFunction("replace", replace, "<s-(sf)(sf)n?:s>");
  expr.registerFunction("encodeUrlComponent", encodeUrlComponent, "<s-:s>");
  expr.registerFunction("encodeUrl", encodeUrl, "<s-:s>");
  expr.registerFunction("base64encode", base64encode, "<s-:s>");
  expr.registerFunction(concatName(), concat);
  expr.registerFunction(concatAllName(), concatAll);
  expr.registerFunction(checkName(), checkedResult);
  expr.registerFunction(pictureCheckName(), checkedPicture);
  routeTextOperators(expr.ast());
}

/** The same functions as JavaScript source for the sandbox isolate (as LIST_FUNCTIONS_SOURCE in
 *  jsonata-list-functions.ts): evaluated there, it is `registerTextFunctions`. */
export const TEXT_FUNCTIONS_SOURCE = `(() => {\n${[textLimit, itemLimit, separatorLimit, budgetLimit, budgetName, withCommas, charged, assertCountLimit, assertTextLimit, assertUnitsWithinLimit, assertTextWithinLimit, codePointLength, unitOffset, sliceIndex, substring, cut, length, pad, uppercase, lowercase, trim, substringBefore, substringAfter, isFunctionValue, toText, string, concat, concatAll, join, matchOf, contains, split, substitute, replace, replaced, assertEncodable, encodeUrlComponent, encodeUrl, base64encode, concatName, concatAllName, checkName, pictureFunctions, checkedFunctions, pictureCheckName, checkedPicture, checkedResult, routeTextOperators].join("\n")}\nreturn ${registerTextFunctions};\n})()`;
