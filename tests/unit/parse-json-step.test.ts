import { describe, expect, it } from "vitest";
import { executeParseJson, extractJsonText } from "@/lib/steps/executors/parse-json";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "../helpers/resolving-context";

const parse = (text: unknown) => executeParseJson(resolvingContext("parse_json", { input: "{{ 2.text }}" }, { 1: {}, 2: { text } }));

describe("parse_json step", () => {
  it("parses JSON text", async () => {
    expect((await parse('{"a": [1, 2], "b": null}')).output).toEqual({ a: [1, 2], b: null });
    expect((await parse("42")).output).toBe(42);
  });

  it("takes JSON out of a fenced block, as AI answers write it", async () => {
    const answer = 'Here is the result:\n```json\n{"severity": "High", "iocs": ["1.2.3.4"]}\n```\nAnything else?';
    expect((await parse(answer)).output).toEqual({ severity: "High", iocs: ["1.2.3.4"] });
    expect(extractJsonText("```\n[1]\n```")).toBe("[1]");
  });

  it("takes JSON out of a fence whatever its label (```js, ```Json, ```javascript, ```jsonc)", async () => {
    for (const label of ["js", "Json", "JSON", "javascript", "jsonc", " json ", "text"]) {
      expect((await parse(`Sure:\n\`\`\`${label}\n{"ok": true}\n\`\`\``)).output, label).toEqual({ ok: true });
    }
    expect((await parse('```js\r\n[1, 2]\r\n```')).output).toEqual([1, 2]);
  });

  it("passes structured input through", async () => {
    expect((await parse({ already: true })).output).toEqual({ already: true });
  });

  it("fails saying where the JSON is broken and what the slip is, as the editor's JSON fields say it", async () => {
    await expect(parse('{"a": 1,\n "b": }')).rejects.toThrow(StepError);
    await expect(parse('{\n  "id": 1,\n  "tags": [],\n  "owner": "amy",\n}')).rejects.toThrow(
      "the text is not valid JSON: line 4, column 17: a trailing comma before '}': JSON allows no comma after the last item, remove it",
    );
    await expect(parse("{'a': 1}")).rejects.toThrow("the text is not valid JSON: line 1, column 2: single quotes: JSON needs double quotes");
    await expect(parse("{severity: 1}")).rejects.toThrow('line 1, column 2: the property name severity needs double quotes: "severity"');
    await expect(parse('{"ok": True}')).rejects.toThrow("line 1, column 8: True is not a JSON value");
    await expect(parse('{"a": [1, 2}')).rejects.toThrow("line 1, column 12: '}' here, but the '[' at line 1, column 7 is still open");
    await expect(parse('{"a": 1} x')).rejects.toThrow("line 1, column 10: more text after the end of the JSON value");
    await expect(parse('{"a": ')).rejects.toThrow("the text is not valid JSON: line 1, column 6: the text ends before the '}' that closes the '{' at line 1, column 1");
    await expect(parse("")).rejects.toThrow(/empty/);
  });
});
