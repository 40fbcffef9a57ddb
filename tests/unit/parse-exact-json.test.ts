import { describe, expect, it } from "vitest";
import { copyJson, exactNumberText, holdsExactNumbers, mayHaveRoundedIntegers, mayLoseNumbers, parseExactJson, parseJsonAsWritten, roundExactNumbers } from "@/lib/json/parse-exact-json";

describe("parseExactJson", () => {
  it("keeps integers beyond double precision as written when stringified again", () => {
    const text = '{"id":9007199254740993,"big":[12345678901234567890123,-98765432109876543210],"ok":9007199254740991,"f":1.5,"s":"9007199254740993"}';
    expect(JSON.stringify(parseExactJson(text))).toBe(text);
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text); // what plain JSON.parse does
  });

  it("leaves every other value an ordinary number, string or structure", () => {
    const v = parseExactJson('{"n":9007199254740991,"d":0.1234567890123456789,"e":1e300,"a":[1,2],"t":"1234567890123456789"}') as Record<string, unknown>;
    expect(v).toEqual({ n: 9007199254740991, d: 0.1234567890123456789, e: 1e300, a: [1, 2], t: "1234567890123456789" });
    expect(parseExactJson("[1,2,3]")).toEqual([1, 2, 3]);
  });

  it("keeps an integer a double holds exactly but writes abbreviated (powers of two, int64 bounds)", () => {
    const text = '{"p60":1152921504606846976,"p62":4611686018427387904,"min":-9223372036854775808}';
    expect(JSON.stringify(parseExactJson(text))).toBe(text);
  });

  it("keeps an integer too large for a double at all", () => {
    const text = `{"huge":${"9".repeat(400)}}`;
    expect(JSON.stringify(parseExactJson(text))).toBe(text);
  });

  it("keeps a number beyond the double range as written, where JSON.parse makes ±Infinity (written null)", () => {
    const text = `{"n":1e400,"m":-1e400,"huge":1E+999999,"p":1.5e309,"long":${"1".repeat(310)}.5,"ok":1e308,"tiny":1e-5}`;
    expect(JSON.stringify(JSON.parse(text))).toContain('"n":null'); // what plain JSON.parse does
    const v = parseExactJson(text) as Record<string, unknown>;
    expect(JSON.stringify(v)).toBe(text.replace("1e308", "1e+308").replace("1e-5", "0.00001"));
    expect(exactNumberText(v.n)).toBe("1e400");
    expect(exactNumberText(v.huge)).toBe("1E+999999");
    expect(v.ok).toBe(1e308);
    expect(roundExactNumbers(v)).toEqual(JSON.parse(text)); // steps: the doubles, ±Infinity
    expect(exactNumberText(parseExactJson("-1e400"))).toBe("-1e400");
  });

  it("skips the reviver for texts with no 16 digits in a row and no 3-digit exponent ending a number", () => {
    expect(mayLoseNumbers('{"a":123456789012345,"b":1e99,"c":"e400","d":"3e400a"}')).toBe(false);
    expect(mayLoseNumbers('{"a":1234567890123456}')).toBe(true);
    expect(mayLoseNumbers('{"a":1e400}')).toBe(true);
    expect(mayLoseNumbers('[1.5E+309 ]')).toBe(true);
    expect(mayLoseNumbers("-1e400")).toBe(true);
  });
});

describe("mayHaveRoundedIntegers", () => {
  it("finds an integer-valued double beyond 2^53 anywhere in a value", () => {
    expect(mayHaveRoundedIntegers({ a: [{ b: JSON.parse("9007199254740993") }] })).toBe(true);
    expect(mayHaveRoundedIntegers({ a: [1, 2.5, "9007199254740993", null, 9007199254740991] })).toBe(false);
    expect(mayHaveRoundedIntegers({ a: [JSON.parse("-1e400")] })).toBe(true); // beyond the double range
  });
});

describe("parseJsonAsWritten (the browser reading the API)", () => {
  it("keeps every number the server wrote other than a double would: 64-bit ids and long decimals", () => {
    const text = '{"trigger":{"ticketId":1234567890123456789,"ratio":0.1234567890123456789,"neg":-9223372036854775808},"ok":9007199254740991,"f":1.5,"s":"1234567890123456789"}';
    const v = parseJsonAsWritten(text) as { trigger: Record<string, unknown>; ok: unknown; f: unknown };
    expect(JSON.stringify(v)).toBe(text);
    expect(JSON.stringify(v, null, 2)).toContain('"ticketId": 1234567890123456789');
    expect(exactNumberText(v.trigger.ticketId)).toBe("1234567890123456789");
    expect(exactNumberText(v.trigger.ratio)).toBe("0.1234567890123456789");
  });

  it("leaves numbers a double writes back the same as plain numbers, for arithmetic", () => {
    const v = parseJsonAsWritten('{"attempts":3,"n":9007199254740991,"d":0.30000000000000004,"e":1e+300,"id":"0123456789012345678"}') as Record<string, unknown>;
    expect(v).toEqual({ attempts: 3, n: 9007199254740991, d: 0.30000000000000004, e: 1e300, id: "0123456789012345678" });
    expect(exactNumberText(v.n)).toBeNull();
    expect(exactNumberText({ rawJSON: "1" })).toBeNull(); // a plain object with that key is data
  });

  it("keeps a number beyond the double range, which a double would show as null", () => {
    const v = parseJsonAsWritten('{"trigger":{"n":1e400,"m":-1E999999},"ok":1e+300}') as { trigger: Record<string, unknown>; ok: unknown };
    expect(exactNumberText(v.trigger.n)).toBe("1e400");
    expect(exactNumberText(v.trigger.m)).toBe("-1E999999");
    expect(v.ok).toBe(1e300);
  });
});

describe("numbers kept as written, handled as values", () => {
  const exact = () => parseExactJson('{"id":9007199254740993,"a":[{"n":12345678901234567890}],"ok":1}') as Record<string, unknown>;

  it("roundExactNumbers gives the doubles JSON.parse would, and the same value when none is held", () => {
    expect(roundExactNumbers(exact())).toEqual(JSON.parse('{"id":9007199254740993,"a":[{"n":12345678901234567890}],"ok":1}'));
    const plain = { a: [1, { b: "9007199254740993" }] };
    expect(roundExactNumbers(plain)).toBe(plain);
    expect(holdsExactNumbers(exact())).toBe(true);
    expect(holdsExactNumbers(plain)).toBe(false);
  });

  it("copyJson copies (structuredClone cannot) and keeps them exact, and a __proto__ key as data", () => {
    expect(() => structuredClone(exact())).toThrow();
    const copy = copyJson(exact());
    expect(JSON.stringify(copy)).toBe('{"id":9007199254740993,"a":[{"n":12345678901234567890}],"ok":1}');
    const proto = copyJson(JSON.parse('{"__proto__":{"p":1}}'));
    expect(Object.prototype.hasOwnProperty.call(proto, "__proto__")).toBe(true);
  });
});
