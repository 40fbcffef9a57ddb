// What a step needs filled in (or put right) before it can run. The catalog schemas accept these
// fields empty, because a Draft saves unfinished steps (a URL typed later must not cost the steps
// added meanwhile); going Live (lib/workflows/assert-live-ready.ts), the editor's step marks and
// the run engine (lib/runs/execute-step.ts) all ask this one list. Pure and client-safe.
// A value filled in but wrong in a way known before any run (a URL with no scheme, an expression
// that does not parse, a regular expression that does not compile, a date no run can read) is
// held the same way: each is judged with the code the run itself would use. So is an HTTP Request
// that would send a secret to a host a run's data makes (secret-to-data-host.ts), said under the
// field that holds the secret.
import { APP_CATALOG } from "@/lib/connections/app-catalog";
import { secretSentToDataHost, secretToDataHostMessage, type AccountBaseUrls } from "@/lib/http-step/secret-to-data-host";
import { readBase64 } from "@/lib/http-step/read-base64";
import { URL_FORM_RULE, urlForm } from "@/lib/http-step/url-form";
import { isJsonObject } from "@/lib/json/is-json-object";
import type { StepKind } from "@/lib/steps/catalog";
import { matchesInput, RuleError } from "@/lib/steps/evaluate-rule";
import { readOutputSchema } from "@/lib/steps/ai-output-schema";
import { seenWindowDays } from "@/lib/steps/seen-before";
import { expressionSyntaxError } from "@/lib/steps/expression-syntax";
import { instantOf, notAnInstant, tooFarAway } from "@/lib/steps/wait-instant";
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";

/** `path` is a dotted config path, `*` = every array item; `#` in the label is the item's 1-based
 *  number. `wrong`: what is wrong with a value that is filled in, if anything (said instead of
 *  "is required"; `label` is the field's, numbered): it is saved in a Draft like an empty one,
 *  and refused for Live the same way. */
type Need = {
  path: string;
  label: string;
  when?: (parent: Record<string, unknown>) => boolean;
  /** Said after "is required"; a function reads the field's parent (a step's config). */
  why?: string | ((parent: Record<string, unknown>) => string);
  wrong?: (value: unknown, parent: Record<string, unknown>, label: string) => string | null;
  /** Unset is fine (not "required"): only `wrong` is asked, of a value that is set. */
  optional?: boolean;
};

/** `run`: what a run that meets it says instead of "…saved unfinished" (a workflow Live from
 *  before the rule was not saved so). */
export type MissingField = { field: string; label: string; message: string; run?: string };

// Only a path ("/devices/…") means something after an account's base URL: without an account,
// every run would fail (say a blueprint installed with "No account for now"). A URL that is not a
// path nor http(s) is named as wrong itself, not as a missing account (the field says "optional").
/** Text a run uses as written: no `{{ … }}` in it is a reference (those are only known in a run). */
const isLiteral = (value: unknown): value is string => typeof value === "string" && ![...value.matchAll(REFERENCE_PATTERN)].some((m) => parseReference(m[1]));

const badExpression = (value: unknown, _: unknown, label: string) => {
  const why = typeof value === "string" ? expressionSyntaxError(value) : null;
  return why && `${label} ${why}`;
};

// Base64 written in the step (not a reference, known only in a run) is read as the run reads it.
const badBase64 = (value: unknown, _: unknown, label: string) => {
  const why = isLiteral(value) ? readBase64(value).problem : undefined;
  return why ? `${label} is not base64: ${why}` : null;
};

// A rule compares its value with another, except these two, which look at the value alone. An
// empty "Compare with" is how every new rule starts, so it cannot mean "the empty text": the
// default rule ("" equals "") held for every run and sent it down its branch.
const UNARY_OPS = new Set(["exists", "is_empty"]);

/** A `matches` pattern as the Conditions step compiles it, when it holds no reference. */
function badPattern(right: unknown, rule: Record<string, unknown>, label: string): string | null {
  if (rule.op !== "matches" || !isLiteral(right)) return null;
  try {
    matchesInput("", right);
    return null;
  } catch (e) {
    if (e instanceof RuleError) return `${label}: ${e.message}`;
    throw e;
  }
}

// Code that is nothing but comments runs as an empty function: the step "succeeds" with null, so
// it is as unfinished as empty code. Read from the start, skipping blanks and comments: anything
// else is code (a "//" inside a string comes after code, so it is never mistaken for a comment).
function onlyComments(code: string): boolean {
  let i = 0;
  while (i < code.length) {
    if (/\s/.test(code[i])) i++;
    else if (code.startsWith("//", i)) i = code.includes("\n", i) ? code.indexOf("\n", i) + 1 : code.length;
    else if (code.startsWith("/*", i)) {
      const end = code.indexOf("*/", i + 2);
      if (end < 0) return false; // an unclosed comment: the code's own syntax error says so
      i = end + 2;
    } else return false;
  }
  return true;
}

/** Whose account an HTTP Request needs: a blueprint's step keeps its app (`config.app`), so an
 *  MSP technician reading "Account is required" learns which of the client's systems it calls. */
function accountOf(app: unknown): string {
  const entry = typeof app === "string" && app !== "generic" ? APP_CATALOG.find((a) => a.key === app) : undefined;
  if (!entry) return "the account's";
  return `${/^[AEIOU]/.test(entry.label) ? "an" : "a"} ${entry.label} account's`;
}

const NEEDS: Partial<Record<StepKind, Need[]>> = {
  code: [{ path: "code", label: "Code", wrong: (code, _, label) => (typeof code === "string" && onlyComments(code) ? `${label} is required (it holds only comments)` : null) }],
  http: [
    { path: "url", label: "URL", wrong: (url) => (urlForm(url) === "other" ? URL_FORM_RULE : null) },
    { path: "connectionId", label: "Account", when: (c) => urlForm(c.url) === "path", why: (c) => `the URL is relative: ${accountOf(c.app)} base URL completes it` },
    { path: "headers.*.name", label: "Header # name" },
    { path: "query.*.name", label: "Query parameter # name" },
    { path: "body.fields.*.name", label: "Form field # name" },
    { path: "body.base64", label: "Bytes (base64)", when: (b) => b.type === "binary", wrong: badBase64 },
  ],
  // An AI Prompt has no other way to reach a model (an HTTP Request's account is optional when
  // its URL is complete).
  ai_prompt: [
    { path: "prompt", label: "Prompt" },
    { path: "connectionId", label: "Account", why: "an OpenAI-compatible app connection" },
    {
      path: "jsonSchema",
      label: "Output JSON schema",
      optional: true,
      wrong: (v, _, label) => {
        const { problem } = readOutputSchema(v);
        return problem ? `${label} ${problem}` : null;
      },
    },
  ],
  conditions: [
    { path: "branches.*.rules.*.left", label: "Branch # rule # value" },
    {
      path: "branches.*.rules.*.right",
      label: "Branch # rule # value to compare with",
      when: (rule) => !UNARY_OPS.has(String(rule.op)) && rule.op !== "seen_before",
      why: "to test for an empty value, use the operator is empty",
      wrong: badPattern,
    },
    // "was already seen" compares with nothing: its "Compare with" is how many days an id is
    // remembered, empty for the default.
    {
      path: "branches.*.rules.*.right",
      label: "Branch # rule # days to remember",
      when: (rule) => rule.op === "seen_before",
      optional: true,
      wrong: (days, _, label) => {
        const window = typeof days === "number" || isLiteral(days) ? seenWindowDays(days) : null;
        return window && "error" in window ? `${label}: ${window.error}` : null;
      },
    },
  ],
  transform: [
    { path: "fields.*.name", label: "Field # name" },
    { path: "fields.*.expression", label: "Field # expression", wrong: badExpression },
  ],
  wait: [
    { path: "seconds", label: "Seconds", when: (c) => c.mode === "duration" },
    {
      path: "at",
      label: "Until (date and time)",
      when: (c) => c.mode === "until",
      wrong: (at, _, label) => {
        if (!isLiteral(at)) return null; // a reference is only known in a run
        const ms = instantOf(at);
        const why = Number.isFinite(ms) ? tooFarAway(ms, at) : notAnInstant(at.trim());
        return why && `${label}: ${why}`;
      },
    },
  ],
  summarize: [
    { path: "input", label: "Input" },
    { path: "groupBy.*", label: "Group-by field #" },
    { path: "aggregates.*.name", label: "Aggregate # name" },
    { path: "aggregates.*.field", label: "Aggregate # field", when: (a) => a.op !== "count", why: "sum, avg, min and max need one" },
    { path: "computed.*.name", label: "Computed field # name" },
    { path: "computed.*.expression", label: "Computed field # expression", wrong: badExpression },
  ],
  parse_json: [{ path: "input", label: "Input" }],
};

// An empty list too: a rule's "in list" with no items.
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

// Walks one need's path. A missing parent means the field does not apply (no headers, a body
// that is not a form); only the last segment being blank counts as missing.
function walk(need: Need, node: unknown, rest: string[], at: (string | number)[], numbers: number[], out: MissingField[]) {
  const [key, ...tail] = rest;
  if (key === "*") {
    if (!Array.isArray(node)) return;
    node.forEach((item, i) => {
      if (tail.length) walk(need, item, tail, [...at, i], [...numbers, i + 1], out);
      else if (isBlank(item)) out.push(missing(need, [...at, i], [...numbers, i + 1]));
    });
    return;
  }
  if (!isJsonObject(node)) return;
  if (tail.length) return walk(need, node[key], tail, [...at, key], numbers, out);
  if (need.when && !need.when(node)) return;
  const field = missing(need, [...at, key], numbers, node);
  // An optional field is unset only when absent or "": an empty list there is a wrong value.
  if (need.optional ? node[key] == null || node[key] === "" : isBlank(node[key])) return void (need.optional || out.push(field));
  const wrong = need.wrong?.(node[key], node, field.label);
  if (wrong) out.push({ ...field, message: wrong });
}

const numbered = (label: string, numbers: readonly number[]) => {
  let n = 0;
  return label.replace(/#/g, () => String(numbers[n++] ?? ""));
};

function missing(need: Need, at: (string | number)[], numbers: number[], parent: Record<string, unknown> = {}): MissingField {
  const label = numbered(need.label, numbers);
  const why = typeof need.why === "function" ? need.why(parent) : need.why;
  return { field: at.join("."), label, message: `${label} is required${why ? ` (${why})` : ""}` };
}

// Fields of the steps with a panel of their own (lib/editor/form-model.ts does not describe the
// Scheduler's config, a transform), by the labels their panel shows: a message about one reads
// "Time zone: must be …", not "timezone: must be …".
const PANEL_LABELS: Partial<Record<StepKind, Record<string, string>>> = {
  scheduler: { cron: "Cron expression", timezone: "Time zone", preset: "Schedule" },
};

/** The words these messages name the field at `path` by (config keys, array indexes as numbers):
 *  "Branch 1 rule 2 value to compare with"; null for a field this list does not name. Other
 *  messages about the same field use them too (lib/editor/form-field.ts). */
export function neededFieldLabel(kind: StepKind, path: readonly (string | number)[]): string | null {
  const at = path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
  const need = (NEEDS[kind] ?? []).find((n) => n.path === at);
  if (!need) return PANEL_LABELS[kind]?.[at] ?? null;
  return numbered(need.label, path.filter((p): p is number => typeof p === "number").map((i) => i + 1));
}

/**
 * Whether a step cannot run without the field at `path` (config keys, array indexes as numbers),
 * whatever else it holds: the Configure form labels it as required although a Draft saves it
 * empty. A field needed only in some cases (an HTTP Request's account, for a relative URL) is not.
 */
export function isAlwaysNeeded(kind: StepKind, path: readonly (string | number)[]): boolean {
  const at = path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
  return (NEEDS[kind] ?? []).some((need) => need.path === at && !need.when && !need.optional);
}

/**
 * Whether the field at `path` is needed given the object that holds it (`parent`): a rule's
 * "Compare with" is, but for exists and is empty; an HTTP Request's account is for a relative URL.
 * The Configure form drops "(optional)" from such a field's label while it applies.
 */
export function isNeededIn(kind: StepKind, path: readonly (string | number)[], parent: Record<string, unknown>): boolean {
  const at = path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
  return (NEEDS[kind] ?? []).some((need) => need.path === at && !need.optional && (!need.when || need.when(parent)));
}

/**
 * Whether the field at `path` does nothing given the object that holds it (`parent`): a rule's
 * "Compare with" for exists and is empty, which look at the value alone. The Configure form hides
 * it there; its value stays in the config, so switching back to another operator loses nothing.
 */
export function isIgnoredIn(kind: StepKind, path: readonly (string | number)[], parent: Record<string, unknown>): boolean {
  const at = path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
  return kind === "conditions" && at === "branches.*.rules.*.right" && UNARY_OPS.has(String(parent.op));
}

/** The fields of a step's config that are still empty, in catalog order; [] when the step is
 *  complete. `accounts`: the workspace's, where known (the editor): a secret sent to a host a run's
 *  data makes is said for a step on an account without a base URL too (secret-to-data-host.ts). */
export function findMissingFields(kind: StepKind, config: Record<string, unknown>, accounts?: AccountBaseUrls | null): MissingField[] {
  const out: MissingField[] = [];
  for (const need of NEEDS[kind] ?? []) walk(need, config, need.path.split("."), [], [], out);
  const secret = kind === "http" ? secretSentToDataHost(config, accounts) : null;
  if (secret) out.push({ field: secret.field, label: secret.label, message: secretToDataHostMessage(secret), run: secretToDataHostMessage(secret, true) });
  return out;
}
