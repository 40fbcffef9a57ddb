// The path of a reference, `head.key[0]["quoted key"]…`, split into keys and written back.
// A key that a plain `.key` would misread (holding `.`, `[n]` or braces, spaces at its ends,
// empty) is written quoted: `{{ 1["a.b"] }}`, the quotes holding a JSON string (braces as
// \u007b / \u007d, since `{{ … }}` cannot contain them). Pure and client-safe.
// `[0]` (a spelling of `.0`) and `["…"]` (a quoted key), matched at the start of the rest.
const INDEX = /^\[(\d+)\]/;
const QUOTED = /^\[\s*("(?:[^"\\]|\\.)*")\s*\]/;

/** Where a plain key that starts at `from` ends: the next `.`, `[n]` or `["`. */
function plainEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === ".") return i;
    if (text[i] === "[" && (INDEX.test(text.slice(i)) || QUOTED.test(text.slice(i)))) return i;
  }
  return text.length;
}

/** The segments of `head.key[0]["quoted key"]…`; null when malformed. The first is plain. */
export function splitSegments(inner: string): string[] | null {
  const text = inner.trim();
  const segments: string[] = [];
  let i = 0;
  let plain = true; // at the start and after a `.`: a plain key, trimmed, must follow
  while (plain || i < text.length) {
    if (plain) {
      const end = plainEnd(text, i);
      const key = text.slice(i, end).trim();
      if (!key) return null;
      segments.push(key);
      i = end;
      plain = false;
      continue;
    }
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text[i] === ".") {
      i++;
      plain = true;
      continue;
    }
    const rest = text.slice(i);
    const index = INDEX.exec(rest);
    const quoted = index ? null : QUOTED.exec(rest);
    if (index) segments.push(index[1]);
    else if (quoted) {
      try {
        segments.push(JSON.parse(quoted[1]) as string);
      } catch {
        return null;
      }
    } else return null;
    i += (index ?? quoted)![0].length;
  }
  return segments;
}

/** A path key as written after what precedes it: `.key`, or `["…"]` exactly when the plain
 *  form would be read as another path (or break the braces, or hold a line break). */
export function formatSegment(key: string): string {
  const plain = splitSegments(`0.${key}`);
  const readsBack = plain !== null && plain.length === 2 && plain[1] === key;
  if (readsBack && !/[{}\u0000-\u001f\u007f]/.test(key)) return `.${key}`;
  return `[${JSON.stringify(key).replace(/[{}]/g, (c) => (c === "{" ? "\\u007b" : "\\u007d"))}]`;
}
