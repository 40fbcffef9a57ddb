// What a step needs filled in (or put right) before it can run. The catalog schemas accept these
// fields empty, because a Draft saves unfinished steps (a URL typed later must not cost the steps
// added meanwhile); going Live (lib/workflows/assert-live-ready.ts), the editor's step marks and
// the run engine (lib/runs/execute-step.ts) all ask this one list. Pure and client-safe.
import { URL_FORM_RULE, urlForm } from "@/lib/http-step/url-form";
import { isJsonObject } from "@/lib/json/is-json-object";
import type { StepKind } from "@/lib/steps/catalog";

/** `path` is a dotted config path, `*` = every array item; `#` in the label is the item's 1-based
 *  number. `wrong`: what is wrong with a value that is filled in, if anything (said instead of
 *  "is required"): it is saved in a Draft like an empty one, and refused for Live the same way. */
type Need = { path: string; label: string; when?: (parent: Record<string, unknown>) => boolean; why?: string; wrong?: (value: unknown) => string | null };

export type MissingField = { field: string; label: string; message: string };

// Only a path ("/devices/…") means something after an account's base URL: without an account,
// every run would fail (say a blueprint installed with "No account for now"). A URL that is not a
// path nor http(s) is named as wrong itself, not as a missing account (the field says "optional").
const NEEDS: Partial<Record<StepKind, Need[]>> = {
  http: [
    { path: "url", label: "URL", wrong: (url) => (urlForm(url) === "other" ? URL_FORM_RULE : null) },
    { path: "connectionId", label: "Account", when: (c) => urlForm(c.url) === "path", why: "the URL is relative: the account's base URL completes it" },
    { path: "headers.*.name", label: "Header # name" },
    { path: "query.*.name", label: "Query parameter # name" },
    { path: "body.fields.*.name", label: "Form field # name" },
  ],
  // An AI Prompt has no other way to reach a model (an HTTP Request's account is optional when
  // its URL is complete).
  ai_prompt: [
    { path: "prompt", label: "Prompt" },
    { path: "connectionId", label: "Account", why: "an OpenAI-compatible app connection" },
  ],
  transform: [
    { path: "fields.*.name", label: "Field # name" },
    { path: "fields.*.expression", label: "Field # expression" },
  ],
  wait: [
    { path: "seconds", label: "Seconds", when: (c) => c.mode === "duration" },
    { path: "at", label: "Until (date and time)", when: (c) => c.mode === "until" },
  ],
  summarize: [
    { path: "input", label: "Input" },
    { path: "groupBy.*", label: "Group-by field #" },
    { path: "aggregates.*.name", label: "Aggregate # name" },
    { path: "aggregates.*.field", label: "Aggregate # field", when: (a) => a.op !== "count", why: "sum, avg, min and max need one" },
    { path: "computed.*.name", label: "Computed field # name" },
    { path: "computed.*.expression", label: "Computed field # expression" },
  ],
  parse_json: [{ path: "input", label: "Input" }],
};

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

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
  if (isBlank(node[key])) return void out.push(missing(need, [...at, key], numbers));
  const wrong = need.wrong?.(node[key]);
  if (wrong) out.push({ ...missing(need, [...at, key], numbers), message: wrong });
}

function missing(need: Need, at: (string | number)[], numbers: number[]): MissingField {
  let n = 0;
  const label = need.label.replace(/#/g, () => String(numbers[n++] ?? ""));
  return { field: at.join("."), label, message: `${label} is required${need.why ? ` (${need.why})` : ""}` };
}

/**
 * Whether a step cannot run without the field at `path` (config keys, array indexes as numbers),
 * whatever else it holds: the Configure form labels it as required although a Draft saves it
 * empty. A field needed only in some cases (an HTTP Request's account, for a relative URL) is not.
 */
export function isAlwaysNeeded(kind: StepKind, path: readonly (string | number)[]): boolean {
  const at = path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
  return (NEEDS[kind] ?? []).some((need) => need.path === at && !need.when);
}

/** The fields of a step's config that are still empty, in catalog order; [] when the step is complete. */
export function findMissingFields(kind: StepKind, config: Record<string, unknown>): MissingField[] {
  const out: MissingField[] = [];
  for (const need of NEEDS[kind] ?? []) walk(need, config, need.path.split("."), [], [], out);
  return out;
}
