// zod, with its default messages in words. Every schema of the project imports zod from here, so
// the words apply wherever one is parsed — API errors, forms in the browser, the worker — before
// any parse runs. zod's own wording ("Too big: expected string to have <=65536 characters",
// "Invalid input: expected number, received undefined", "Invalid URL" for ftp://) reached people
// through API errors and forms. A message a schema gives itself is kept.
import { z } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";

type Issue = $ZodRawIssue;

const count = (v: number | bigint) => (typeof v === "bigint" ? v.toString() : v.toLocaleString("en-US"));
const items = (v: number | bigint) => `${count(v)} ${v === 1 || v === BigInt(1) ? "item" : "items"}`;
const characters = (v: number | bigint) => `${count(v)} ${v === 1 || v === BigInt(1) ? "character" : "characters"}`;

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list (JSON array)",
  object: "an object",
  record: "an object",
  date: "a date",
  null: "null",
};

/** zod's default message for an issue, in words; undefined keeps zod's own. */
export function zodIssueInWords(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return KINDS[issue.expected] ? `must be ${KINDS[issue.expected]}` : undefined;
    case "too_big": {
      const at = issue.inclusive === false ? "less than" : "at most";
      if (issue.origin === "string") return `must be at most ${characters(issue.maximum)}`;
      if (issue.origin === "array" || issue.origin === "set") return `must have at most ${items(issue.maximum)}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `must be ${at} ${count(issue.maximum)}`;
      return undefined;
    }
    case "too_small": {
      const at = issue.inclusive === false ? "more than" : "at least";
      if (issue.origin === "string") return issue.minimum === 1 ? "must not be empty" : `must be at least ${characters(issue.minimum)}`;
      if (issue.origin === "array" || issue.origin === "set") return `must have at least ${items(issue.minimum)}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `must be ${at} ${count(issue.minimum)}`;
      return undefined;
    }
    case "invalid_format":
      if (issue.format === "url") return "must be a URL such as https://example.com/path";
      if (issue.format === "email") return "must be an e-mail address such as name@example.com";
      if (issue.format === "datetime") return "must be an ISO 8601 date and time such as 2026-12-01T02:00:00Z";
      return undefined;
    case "invalid_value":
      return issue.values.length > 0 && issue.values.length <= 12 ? `must be one of ${issue.values.map((v: unknown) => JSON.stringify(v)).join(", ")}` : undefined;
    case "not_multiple_of":
      return `must be a multiple of ${count(issue.divisor)}`;
    // A discriminated union's tag (a Wait's mode, an HTTP body's type) that is none of its options.
    case "invalid_union":
      return "options" in issue && Array.isArray(issue.options) && issue.options.length > 0
        ? `must be one of ${issue.options.map((v: unknown) => JSON.stringify(v)).join(", ")}`
        : undefined;
    default:
      return undefined;
  }
}

z.config({ customError: zodIssueInWords });
// In the browser, no compiled parsers: zod probes whether it may build them with `new Function`,
// which the pages' Content-Security-Policy refuses (no 'unsafe-eval'; proxy.ts). zod catches the
// refusal, but the browser still reports it as a violation on every page. The server keeps them.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
export { ZodError } from "zod";
