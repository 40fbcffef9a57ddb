// Where JSON text goes wrong. Node's JSON.parse often says only "Unexpected token" without a
// position, so after it fails this small recursive-descent checker walks the text again and
// reports the offset of the first character that cannot be valid JSON, and why.
export type JsonErrorLocation = { position: number; reason: string };

export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  const fail = (reason: string): never => {
    throw { position: i, reason } satisfies JsonErrorLocation;
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const show = () => (i >= text.length ? "end of input" : `'${text[i]}'`);
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`unexpected ${show()} (expected ${word})`);
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail("control character inside a string (escape it, e.g. \\n)");
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("invalid \\u escape");
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail(`invalid escape \\${text[i] ?? ""}`);
      }
      i++;
    }
    if (i >= text.length) fail("unterminated string");
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail(`unexpected ${show()}`);
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    fail(`unexpected ${show()} (expected a value)`);
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === "}") return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`unexpected ${show()} (expected a "quoted" property name)`);
      string();
      ws();
      if (text[i] !== ":") fail(`unexpected ${show()} (expected ':' after a property name)`);
      i++;
      value();
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === "}") return void i++;
      else fail(`unexpected ${show()} (expected ',' or '}')`);
    }
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === "]") return void i++;
    for (;;) {
      value();
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === "]") return void i++;
      else fail(`unexpected ${show()} (expected ',' or ']')`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${show()} after the end of the JSON value`);
    return null;
  } catch (e) {
    if (e && typeof e === "object" && "position" in e) return e as JsonErrorLocation;
    if (e instanceof RangeError) return null; // nested deeper than this checker's stack
    throw e;
  }
}
