// A syntax error that the parser only notices at the hidden wrapper around the user's code
// (an open `{` or `(` at the end) is reported against the user's code, not as our `)` on a line
// past it.
import { describe, expect, it } from "vitest";
import { executeCode } from "@/lib/steps/executors/code";
import { makeContext } from "@/tests/helpers/step-context";

const failure = (code: string) => executeCode(makeContext({ config: { code } })).then(() => "no error", (e: unknown) => (e as Error).message);

describe("code step syntax errors at the end of the code", () => {
  it.each([
    ["return {", "SyntaxError: Unexpected end of input (line 1)"],
    ["const a = 1;\nreturn foo(", "SyntaxError: Unexpected end of input (line 2)"],
    ["let x = 1;\nreturn x +", "SyntaxError: Unexpected end of input (line 2)"],
    ["return 1; }", "SyntaxError: Unexpected token '}': it closes the code before its end (a { is missing, or a } is one too many)"],
    // Errors inside the code keep their own message and line.
    ["const x = ;\nreturn 1", "SyntaxError: Unexpected token ';' (line 1)"],
  ])("%j", async (code, message) => {
    expect(await failure(code)).toBe(`code step failed: ${message}`);
  });
});
