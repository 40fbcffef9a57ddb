// Where an AI answer's JSON breaks the Output JSON schema the request sent (the strictSchema form).
// OpenAI honours `strict`, but many OpenAI-compatible servers (Ollama, LM Studio, vLLM, older Azure
// deployments, proxies) ignore it and answer `{"priority":"urgent!!"}` for an enum, or leave fields
// out; the step then succeeded and later steps misbehaved far from the cause.
//
// Our own small checker rather than a JSON Schema library: no dependency, and only the subset strict
// structured outputs use — type (a list of types too; "integer" apart from "number"; null),
// properties, required, additionalProperties (false or a schema), items, enum, const, anyOf, $ref
// within the schema ("#", "#/$defs/…", "#/definitions/…"), minItems/maxItems,
// minimum/maximum/exclusiveMinimum/exclusiveMaximum, minLength/maxLength (in code points).
// Every other keyword (pattern, format, multipleOf, oneOf, allOf, patternProperties, …) is ignored,
// never failed: a `pattern` is the user's regular expression, and compiling it here, in the worker's
// main thread, could hang the worker on catastrophic backtracking (user code runs only in
// isolated-vm). A $ref that does not point inside the schema is ignored too.
//
// Pure, bounded: at most `limit` problems are told (and whether there are more), a deep schema or
// answer stops at MAX_DEPTH (a $ref loop among them) and the whole check at WORK_BUDGET visits, so a
// huge answer or an anyOf inside an anyOf cannot take seconds; `complete` is then false.

type Schema = Record<string, unknown>;
type Budget = { left: number; cut: boolean; refs: Map<string, unknown> };
/** `trial`: only whether an anyOf choice matches is asked, and its first problem. */
type State = { root: unknown; problems: string[]; max: number; budget: Budget; trial?: boolean };

export type SchemaMismatches = {
  /** The first problems, each "<JSON path> <what is wrong>", e.g. `/priority is missing`. */
  problems: string[];
  /** More problems than `problems` holds. */
  more: boolean;
  /** False when the answer was too large or too deep to check in full (what was checked is told). */
  complete: boolean;
};

const MAX_DEPTH = 128;
const WORK_BUDGET = 100_000; // a 16k-token answer has far fewer values than this
const SHOWN_VALUES = 8;

const isObject = (v: unknown): v is Schema => v !== null && typeof v === "object" && !Array.isArray(v);
const own = (o: Schema, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

/** JSON Pointer of the path; the answer itself is "the answer". */
const at = (path: string) => path || "the answer";
const child = (path: string, key: string | number) =>
  typeof key === "number" || !/[~/]/.test(key) ? `${path}/${key}` : `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;

function shown(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v);
  if (Array.isArray(v)) return "an array";
  if (isObject(v)) return "an object";
  return String(v);
}

function listed(values: unknown[]): string {
  const head = values.slice(0, SHOWN_VALUES).map((v) => (isObject(v) || Array.isArray(v) ? JSON.stringify(v).slice(0, 60) : shown(v)));
  return head.join(", ") + (values.length > SHOWN_VALUES ? `, … (${values.length} in all)` : "");
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const TYPE_WORDS: Record<string, string> = { string: "a string", number: "a number", integer: "an integer", boolean: "a boolean", object: "an object", array: "an array", null: "null" };

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    default:
      return true; // a type we do not know: not ours to fail
  }
}

/** The schema a "#…" $ref points to inside the root, or undefined (then ignored). */
function resolveRef(state: State, ref: unknown): unknown {
  if (typeof ref !== "string") return undefined;
  const refs = state.budget.refs;
  if (!refs.has(ref)) refs.set(ref, refTarget(state.root, ref));
  return refs.get(ref);
}

function refTarget(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function tell(state: State, problem: string) {
  if (state.problems.length < state.max) state.problems.push(problem);
}

const done = (state: State) => state.problems.length >= state.max || state.budget.cut;

function check(value: unknown, schema: unknown, path: string, state: State, depth: number): void {
  if (done(state)) return;
  if (depth > MAX_DEPTH || --state.budget.left < 0) {
    state.budget.cut = true;
    return;
  }
  if (schema === false) return tell(state, `${at(path)} is not allowed`);
  if (!isObject(schema)) return; // true, or not a schema: anything goes

  if (schema.$ref !== undefined) {
    const target = resolveRef(state, schema.$ref);
    if (target !== undefined) check(value, target, path, state, depth + 1);
    if (done(state)) return;
  }

  const type = own(schema, "type");
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (types.length && !types.some((t) => hasType(value, t))) {
    const wanted = types.map((t) => TYPE_WORDS[String(t)] ?? String(t));
    return tell(state, `${at(path)} must be ${wanted.length > 1 ? `${wanted.slice(0, -1).join(", ")} or ${wanted.at(-1)}` : wanted[0]} (got ${shown(value)})`);
  }

  const options = own(schema, "enum");
  if (Array.isArray(options)) {
    state.budget.left -= options.length;
    if (!options.some((o) => sameJson(value, o))) return tell(state, `${at(path)} must be one of ${listed(options)} (got ${shown(value)})`);
  }
  if (Object.hasOwn(schema, "const") && !sameJson(value, schema.const)) return tell(state, `${at(path)} must be ${listed([schema.const])} (got ${shown(value)})`);

  if (Array.isArray(schema.anyOf) && schema.anyOf.length) checkAnyOf(value, schema.anyOf, path, state, depth);

  if (typeof value === "number") checkNumber(value, schema, path, state);
  else if (typeof value === "string") checkLength(codePoints(value), "characters", schema.minLength, schema.maxLength, path, state);
  else if (Array.isArray(value)) {
    checkLength(value.length, "items", schema.minItems, schema.maxItems, path, state);
    if (isObject(schema.items) || typeof schema.items === "boolean") {
      for (let i = 0; i < value.length && !done(state); i++) check(value[i], schema.items, child(path, i), state, depth + 1);
    }
  } else if (isObject(value)) checkObject(value, schema, path, state, depth);
}

function checkObject(value: Schema, schema: Schema, path: string, state: State, depth: number) {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  // Schema order, so the problems read as the fields do: present ones checked, required ones missed.
  for (const key of Object.keys(properties)) {
    if (Object.hasOwn(value, key)) check(value[key], properties[key], child(path, key), state, depth + 1);
    else if (required.has(key)) tell(state, `${child(path, key)} is missing`);
  }
  for (const key of required) if (!Object.hasOwn(properties, key) && !Object.hasOwn(value, key)) tell(state, `${child(path, key)} is missing`);
  // patternProperties would need the user's regular expressions (see the top): with them, which
  // keys are additional cannot be told, so additionalProperties is not judged.
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === true || schema.patternProperties !== undefined) return;
  for (const key of Object.keys(value)) {
    if (done(state)) return;
    if (Object.hasOwn(properties, key)) continue;
    if (extra === false) tell(state, `${child(path, key)} is not allowed (not one of the schema's properties)`);
    else check(value[key], extra, child(path, key), state, depth + 1);
  }
}

function checkAnyOf(value: unknown, choices: unknown[], path: string, state: State, depth: number) {
  const firsts: string[] = [];
  for (const choice of choices) {
    const trial: State = { root: state.root, problems: [], max: 1, budget: state.budget, trial: true };
    check(value, choice, path, trial, depth + 1);
    if (!trial.problems.length) return; // matches (or could not be checked in full: not failed)
    firsts.push(trial.problems[0]);
  }
  // The one choice of the answer's type (an object where the choices are an object or null) is
  // what the model meant: its own problems say more than "none of the choices".
  const typed = choices.flatMap((c, i) => {
    const s = isObject(c) && c.$ref !== undefined ? resolveRef(state, c.$ref) : c;
    const t = isObject(s) ? s.type : undefined;
    return t !== undefined && (Array.isArray(t) ? t : [t]).some((x) => hasType(value, x)) ? [i] : [];
  });
  if (typed.length === 1) return state.trial ? tell(state, firsts[typed[0]]) : check(value, choices[typed[0]], path, state, depth + 1);
  // Inside another anyOf's choice only the outermost message is read: no details (an anyOf in an
  // anyOf, many levels deep, built ever longer texts).
  const told = state.trial ? "" : ` [${firsts.slice(0, 3).map((p, i) => `${i + 1}: ${p}`).join("; ")}${firsts.length > 3 ? "; …" : ""}]`;
  tell(state, `${at(path)} matches none of its anyOf choices${told}`);
}

function checkNumber(value: number, schema: Schema, path: string, state: State) {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  // Draft 4 wrote exclusiveMinimum: true beside minimum; later drafts give the bound itself.
  const low = typeof exclusiveMinimum === "number" ? exclusiveMinimum : exclusiveMinimum === true && typeof minimum === "number" ? minimum : undefined;
  const high = typeof exclusiveMaximum === "number" ? exclusiveMaximum : exclusiveMaximum === true && typeof maximum === "number" ? maximum : undefined;
  if (typeof minimum === "number" && value < minimum) tell(state, `${at(path)} must be at least ${minimum} (got ${value})`);
  else if (low !== undefined && value <= low) tell(state, `${at(path)} must be more than ${low} (got ${value})`);
  if (typeof maximum === "number" && value > maximum) tell(state, `${at(path)} must be at most ${maximum} (got ${value})`);
  else if (high !== undefined && value >= high) tell(state, `${at(path)} must be less than ${high} (got ${value})`);
}

function checkLength(n: number, unit: string, min: unknown, max: unknown, path: string, state: State) {
  if (typeof min === "number" && n < min) tell(state, `${at(path)} must have at least ${min} ${unit} (got ${n})`);
  if (typeof max === "number" && n > max) tell(state, `${at(path)} must have at most ${max} ${unit} (got ${n})`);
}

/** The first `limit` places where `value` does not match `schema` (a JSON Schema object). */
export function findSchemaMismatches(value: unknown, schema: unknown, opts: { limit?: number; budget?: number } = {}): SchemaMismatches {
  const limit = opts.limit ?? 5;
  const state: State = { root: schema, problems: [], max: limit + 1, budget: { left: opts.budget ?? WORK_BUDGET, cut: false, refs: new Map() } };
  check(value, schema, "", state, 0);
  return { problems: state.problems.slice(0, limit), more: state.problems.length > limit, complete: !state.budget.cut };
}
