// The JSON mistakes people make by hand, said in words with the line and column to look at
// (lib/json/describe-json-error.ts), rather than the parser's "Expected double-quoted property
// name in JSON at position 41".
import { describe, expect, it } from "vitest";
import { describeJsonError } from "@/lib/json/describe-json-error";

describe("describeJsonError", () => {
  it("is null for JSON", () => {
    for (const ok of ['{"a": [1, 2, {"b": null}]}', "[]", '"x"', " 12 "]) expect(describeJsonError(ok)).toBeNull();
  });

  it("names a trailing comma where the comma is", () => {
    expect(describeJsonError('{\n  "event": "example",\n  "id": "evt_1",\n}')).toBe(
      "line 3, column 16: a trailing comma before '}': JSON allows no comma after the last item, remove it",
    );
    expect(describeJsonError("[1, 2, ]")).toBe("line 1, column 6: a trailing comma before ']': JSON allows no comma after the last item, remove it");
  });

  it("names single quotes, a property name without quotes and a comment", () => {
    expect(describeJsonError("{'event': 1}")).toBe('line 1, column 2: single quotes: JSON needs double quotes around text and property names ("like this")');
    expect(describeJsonError('{"event": \'x\'}')).toMatch(/^line 1, column 11: single quotes/);
    expect(describeJsonError('{\n  event: "example"\n}')).toBe('line 2, column 3: the property name event needs double quotes: "event"');
    expect(describeJsonError('{\n  "a": 1, // the id\n  "b": 2\n}')).toBe("line 2, column 11: a comment: JSON has no comments (// or /* */), remove it");
    expect(describeJsonError('/* sample */ {"a": 1}')).toMatch(/^line 1, column 1: a comment/);
  });

  it("names a bracket never closed, or closed by the wrong one, with where it opened", () => {
    expect(describeJsonError('{\n  "items": [1, 2\n')).toBe("line 3, column 1: the text ends before the ']' that closes the '[' at line 2, column 12");
    expect(describeJsonError('{"a": {"b": 1}')).toBe("line 1, column 15: the text ends before the '}' that closes the '{' at line 1, column 1");
    expect(describeJsonError('{"items": [1, 2}')).toBe("line 1, column 16: '}' here, but the '[' at line 1, column 11 is still open: close it with ']' first");
    expect(describeJsonError('{"a": "unfinished')).toBe('line 1, column 18: the text ends inside a string: its closing " is missing');
  });

  it("names a missing comma, Python's literals, and a second value", () => {
    expect(describeJsonError('{"a": 1\n "b": 2}')).toBe("line 2, column 2: a comma is missing before this item");
    expect(describeJsonError('{"ok": True}')).toBe('line 1, column 8: True is not a JSON value: write true, false, null, a number or "text"');
    expect(describeJsonError("{} {}")).toMatch(/^line 1, column 4: more text after the end of the JSON value/);
  });
});
