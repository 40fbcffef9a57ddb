import { describe, expect, it } from "vitest";
import { parsePayload } from "@/lib/intake/parse-payload";
import { toStorableJson as encode } from "@/lib/json/storable-json";
import { declaredLength, DRAIN_LIMIT_BYTES, readBody } from "@/lib/intake/read-body";

const parse = (text: string | Buffer, ct?: string) => parsePayload(Buffer.isBuffer(text) ? text : Buffer.from(text), ct);
const stored = (text: string | Buffer, ct?: string) => {
  const p = parse(text, ct);
  if (!p.ok) throw new Error("not ok");
  return JSON.parse(p.json);
};

describe("parsePayload", () => {
  it("stores JSON objects, arrays and scalars as posted", () => {
    for (const v of [{ a: 1, body: { b: [1, "x"] } }, [1, 2], "str", 42, true, null]) {
      expect(stored(JSON.stringify(v), "application/json")).toEqual(v);
    }
  });

  it("keeps the sender's JSON text (big numbers stay exact)", () => {
    const text = '{"id": 123456789012345678901234567890, "f": 1.10}';
    expect(parse(text, "application/json")).toEqual({ ok: true, json: text });
  });

  it("accepts JSON media types with parameters and +json suffixes, and a BOM", () => {
    expect(stored('{"a":1}', "Application/JSON; charset=utf-8")).toEqual({ a: 1 });
    expect(stored('{"a":1}', "application/vnd.github+json")).toEqual({ a: 1 });
    expect(stored('\uFEFF{"a":1}', "application/json")).toEqual({ a: 1 });
  });

  it("refuses unparsable JSON when JSON is declared", () => {
    for (const t of ["", "{", "{'a':1}", "{\"a\":1}}", "undefined", "NaN"]) expect(parse(t, "application/json").ok, t).toBe(false);
  });

  it("refuses JSON nested deeper than PostgreSQL stores", () => {
    expect(parse("[".repeat(600) + "]".repeat(600), "application/json").ok).toBe(false);
    expect(parse("[".repeat(100) + "]".repeat(100), "application/json").ok).toBe(true);
    // brackets inside strings do not count
    expect(parse(JSON.stringify({ s: "[".repeat(5000) }), "application/json").ok).toBe(true);
  });

  it("re-encodes what jsonb cannot hold: NUL and unpaired surrogates", () => {
    const p = parse('{"a\\u0000":"x\\u0000y","s":"\\ud800","ok":"\\ud83d\\ude00"}', "application/json");
    expect(p.ok && JSON.parse(p.json)).toEqual({ "a\uFFFD": "x\uFFFDy", s: "\uFFFD", ok: "😀" });
    expect(p.ok && /\\u0000|\\ud800/i.test(p.json)).toBe(false);
  });

  it("finds each escape jsonb refuses on its own, in either case, and keeps every other body as posted", () => {
    for (const esc of ["\\u0000", "\\ud800", "\\uD800", "\\uDFFF", "\\udbff"]) {
      const p = parse(`{"k": "a${esc}b"}`, "application/json");
      expect(p.ok && p.json, esc).toBe('{"k": "a\\ufffdb"}');
    }
    // Not surrogates, or not an escape at all (an escaped backslash, then the letters u0000): stored as posted.
    for (const text of ['{"k": "\\u00e9 \\ud7ff \\ue000"}', '{"k": "\\\\u0000"}', '{"u0000": "d800"}']) {
      const p = parse(text, "application/json");
      expect(p.ok && p.json, text).toBe(text);
    }
  });

  it("keeps a body with an escaped surrogate pair (an emoji as Python's json.dumps writes it) exactly as posted", () => {
    // Re-encoding it rounded the 64-bit id to ...992 and moved "10" before "z".
    const text = '{"z": 1, "10": "a", "id": 9007199254740993, "e": "\\ud83d\\ude00", "\\uD83D\\uDE00": 1.10}';
    expect(parse(text, "application/json")).toEqual({ ok: true, json: text });
    expect(parse(text)).toEqual({ ok: true, json: text });
  });

  it("replaces only the refused escapes, in the text, keeping big numbers, key order and spacing", () => {
    const cases: [string, string][] = [
      ['{"z": 1, "10": "\\u0000", "id": 9007199254740993}', '{"z": 1, "10": "\\ufffd", "id": 9007199254740993}'],
      // in a key; beside a pair, which stays
      ['{"k\\u0000": "\\ud83d\\ude00", "10": 1}', '{"k\\ufffd": "\\ud83d\\ude00", "10": 1}'],
      // a high surrogate before another high one, then a pair; a low one first; halves in two strings
      ['["\\ud83d\\ud83d\\ude00", "\\ude00\\ud83d", "\\ud83d", "\\ude00"]', '["\\ufffd\\ud83d\\ude00", "\\ufffd\\ufffd", "\\ufffd", "\\ufffd"]'],
      // a high escape before an escaped backslash and the letters of a low one: both halves stay apart
      ['["\\ud83d\\\\ude00"]', '["\\ufffd\\\\ude00"]'],
      // an escaped backslash and then a real escape
      ['{"k": "\\\\\\u0000 \\\\u0000"}', '{"k": "\\\\\\ufffd \\\\u0000"}'],
    ];
    for (const [text, want] of cases) expect(parse(text, "application/json"), text).toEqual({ ok: true, json: want });
  });

  it("turns form bodies into an object, repeated fields into arrays", () => {
    expect(stored("a=1&b=two+words&a=2&c=%E2%9C%93&__proto__=x&a=3", "application/x-www-form-urlencoded")).toEqual({
      a: ["1", "2", "3"],
      b: "two words",
      c: "✓",
      ["__proto__"]: "x",
    });
    expect(stored("", "application/x-www-form-urlencoded")).toEqual({});
  });

  it("reads text and form bodies in their declared charset, JSON as UTF-8 whatever it says", () => {
    const latin1 = Buffer.from("Grüße, café", "latin1");
    expect(stored(latin1, "text/plain; charset=iso-8859-1")).toBe("Grüße, café");
    expect(stored(latin1, 'text/plain; charset="ISO-8859-1"')).toBe("Grüße, café");
    expect(stored(Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94]), "text/plain; charset=windows-1252")).toBe("€ “q”");
    expect(stored("name=caf%E9&city=K%F6ln+Mitte&tag=a&tag=%FC&flag", "application/x-www-form-urlencoded; charset=iso-8859-1")).toEqual({
      name: "café",
      city: "Köln Mitte",
      tag: ["a", "ü"],
      flag: "",
    });
    // UTF-8 declared or unknown: as before.
    expect(stored(Buffer.from("Grüße"), "text/plain; charset=utf-8")).toBe("Grüße");
    expect(stored(Buffer.from("Grüße"), "text/plain; charset=x-made-up")).toBe("Grüße");
    expect(stored(Buffer.from('{"a":"é"}'), "application/json; charset=iso-8859-1")).toEqual({ a: "é" });
  });

  it("stores other types as a string", () => {
    expect(stored("hello\nworld", "text/plain")).toBe("hello\nworld");
    expect(stored('{"a":1}', "application/xml")).toBe('{"a":1}');
    expect(stored("<x/>", "application/xml")).toBe("<x/>");
    expect(stored(Buffer.from([104, 0, 105]), "application/octet-stream")).toBe("h\uFFFDi");
  });

  it("stores text/plain holding a JSON object or array (AWS SNS) as JSON, any other text as a string", () => {
    expect(stored('{"a":1}', "text/plain; charset=UTF-8")).toEqual({ a: 1 });
    expect(stored('\n [1, {"b": 2}]', "text/plain")).toEqual([1, { b: 2 }]);
    expect(stored("42", "text/plain")).toBe("42");
    expect(stored('"quoted"', "text/plain")).toBe('"quoted"');
    expect(stored("{not json", "text/plain")).toBe("{not json");
    expect(stored('{"a":1}', "text/csv")).toBe('{"a":1}');
  });

  it("without a Content-Type, stores JSON when it parses, else the string", () => {
    expect(stored('{"a":1}')).toEqual({ a: 1 });
    expect(stored("plain")).toBe("plain");
  });

  it("encode never emits an escape PostgreSQL rejects", () => {
    expect(encode("a\u0000b\udc00")).toBe('"a\\ufffdb\\ufffd"');
    expect(encode({ "k\ud800": ["\ud83d\ude00", "\\u0000", "\\ud800"] })).toBe('{"k\\ufffd":["😀","\\\\u0000","\\\\ud800"]}');
    expect(encode(undefined)).toBe("null");
  });
});

describe("readBody", () => {
  async function* gen(...sizes: number[]) {
    for (const n of sizes) yield Buffer.alloc(n, 97);
  }

  it("concatenates chunks up to the limit, inclusive", async () => {
    const r = await readBody(gen(40, 60), 100);
    expect(r.tooLarge).toBe(false);
    expect(r.size).toBe(100);
    expect(!r.tooLarge && r.bytes.length).toBe(100);
  });

  it("past the limit reads on, keeping nothing, to the end of a body up to the drain limit", async () => {
    let pulled = 0;
    async function* counting() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield Buffer.alloc(30);
      }
    }
    expect(await readBody(counting(), 100)).toEqual({ tooLarge: true, size: 3000 });
    expect(pulled).toBe(100);
  });

  it("stops reading as soon as the count passes the drain limit", async () => {
    let pulled = 0;
    const MB = 1_048_576;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.alloc(MB);
      }
    }
    expect(await readBody(endless(), MB)).toEqual({ tooLarge: true, size: DRAIN_LIMIT_BYTES + MB });
    expect(pulled).toBe(DRAIN_LIMIT_BYTES / MB + 1);
  });

  it("treats a missing body as empty", async () => {
    expect(await readBody(null, 10)).toMatchObject({ tooLarge: false, size: 0 });
  });

  it("parses Content-Length strictly", () => {
    expect(declaredLength("123")).toBe(123);
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength("12abc")).toBeNull();
    expect(declaredLength("-1")).toBeNull();
  });
});
