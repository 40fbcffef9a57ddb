// parse_json: text → value. AI answers often wrap JSON in a code fence (```json, ```js, …), so the
// first fenced block is used when there is one. Invalid JSON fails the step saying where and what
// the slip is, in the words the editor's JSON fields and the API's invalid-body answer use.
import { describeJsonError } from "@/lib/json/describe-json-error";
import { parseJsonConfig } from "@/lib/steps/catalog";
import { locateJsonError } from "@/lib/steps/locate-json-error";
import { StepError, type StepExecutor } from "./types";

// Any label after the opening fence (json, Json, js, javascript, jsonc, none): models label the
// same JSON differently, and a label is no reason to refuse what is inside.
const FENCE = /```[^`\r\n]*\r?\n([\s\S]*?)\r?\n?```/;

/** The JSON text inside the first fenced code block, or the text itself. */
export function extractJsonText(text: string): string {
  const m = FENCE.exec(text);
  return (m ? m[1] : text).trim();
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return { line, column: position - before.lastIndexOf("\n") };
}

/** JSON.parse with an error that says where and what: "the text is not valid JSON: line 4,
 *  column 12: a trailing comma before '}': …". */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StepError(`the text is not valid JSON: ${describeJsonError(text) ?? whereParseFailed(text, e as Error)}`);
  }
}

// The helper has no answer for a text nested too deep to walk: say where JSON.parse stopped.
function whereParseFailed(text: string, error: Error): string {
  const found = locateJsonError(text) ?? { position: text.length, reason: error.message };
  const { line, column } = lineAndColumn(text, found.position);
  return `line ${line}, column ${column}: ${found.reason}`;
}

export const executeParseJson: StepExecutor = async (ctx) => {
  const config = parseJsonConfig.parse(ctx.step.config);
  const { value } = ctx.resolve(config.input);
  // An exact reference to data that is already structured needs no parsing.
  if (value !== null && typeof value === "object") return { output: value };
  if (value === null || value === undefined) throw new StepError("input is empty: there is no text to parse");
  const text = extractJsonText(String(value));
  if (text === "") throw new StepError("input is empty: there is no text to parse");
  return { output: parseJsonText(text) };
};
