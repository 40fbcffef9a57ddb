// Step references: `{{ n.path }}` (step n's output), `{{ vars.KEY }}`, `{{ secrets.KEY }}`,
// `{{ files.NAME }}` (a workspace file's text).
// Pure and client-safe: the engine resolves with it, the editor and the API validate and
// renumber with it. Resolution is one pass over the authored text: a value that comes out of a
// reference is data and is never scanned again, and nothing inside the braces is evaluated —
// a reference is a step number plus a path of keys and array indexes, nothing more.
// A key a plain `.key` would misread is quoted, `{{ 1["a.b"] }}` (see reference-segments.ts).
import { bindsOwnSteps, findCodeStepReads, REMOVED_STEP_READ, rewriteCodeStepReads } from "@/lib/workflows/code-step-reads";
import { plural } from "@/lib/plural";
import type { Step } from "@/lib/workflows/definition";
import { formatSegment, splitSegments } from "@/lib/workflows/reference-segments";

export type Reference =
  | { type: "step"; step: number; path: string[] }
  | { type: "vars" | "secrets"; key: string; path: string[] }
  /** Everything after `files.` is the name (file names may contain dots). */
  | { type: "files"; key: string; path: [] }
  /** A reference to a step the editor removed (see rewriteReferences); never resolves. */
  | { type: "removed"; path: string[] };

/** `{{` + anything without braces + `}}`; the inside is trimmed, so whitespace is allowed. */
export const REFERENCE_PATTERN = /\{\{([^{}]*)\}\}/g;
const WHOLE = /^\{\{([^{}]*)\}\}$/;
export const VALUE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Parses the inside of `{{ … }}`; null when it is not a reference (then the text stays literal). */
export function parseReference(inner: string): Reference | null {
  const file = /^\s*files\.(\S+?)\s*$/.exec(inner);
  if (file) return { type: "files", key: file[1], path: [] };
  const parts = splitSegments(inner);
  if (!parts) return null;
  const [head, ...path] = parts;
  if (/^\d+$/.test(head)) return { type: "step", step: Number(head), path };
  if (head === "vars" || head === "secrets") {
    if (path.length === 0 || !VALUE_KEY.test(path[0])) return null;
    return { type: head, key: path[0], path: path.slice(1) };
  }
  if (head === "removed") return { type: "removed", path };
  return null;
}

/** The canonical text of a reference, as shown in errors and unresolved lists. */
export function formatReference(ref: Reference): string {
  const head = ref.type === "step" ? String(ref.step) : ref.type === "removed" ? "removed" : `${ref.type}.${ref.key}`;
  if (ref.type === "files") return `{{ ${head} }}`;
  return `{{ ${head}${ref.path.map(formatSegment).join("")} }}`;
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Follows a path of keys and array indexes; `found: false` when any part is missing. */
export function followPath(root: unknown, path: readonly string[]): { found: boolean; value: unknown } {
  let cur = root;
  for (const key of path) {
    if (Array.isArray(cur) && /^\d+$/.test(key) && Number(key) < cur.length) cur = cur[Number(key)];
    // Own properties only: `constructor` or `__proto__` must not reach into the prototype.
    else if (cur !== null && typeof cur === "object" && !Array.isArray(cur) && own(cur, key)) cur = (cur as Record<string, unknown>)[key];
    else return { found: false, value: null };
  }
  return { found: cur !== undefined, value: cur === undefined ? null : cur };
}

export type ReferenceScope = {
  /** Outputs of the steps that ran, by step number. */
  outputs: Record<number, unknown>;
  /** Workspace variables by key; null = defined without a value. A key absent here is not defined. */
  vars?: Record<string, string | null>;
  secrets?: Record<string, string | null>;
  /** Secrets whose stored value cannot be decrypted with this server's SECRET_KEY. */
  unreadableSecrets?: readonly string[];
  /** Text of the workspace files the steps reference; null = no such file. */
  files?: Record<string, string | null>;
};

/** A variable or secret that a step needs is not defined, or has no value yet. The step fails. */
export class ReferenceValueError extends Error {}

function lookupValue(ref: Extract<Reference, { type: "vars" | "secrets" }>, scope: ReferenceScope): string {
  const table = ref.type === "vars" ? scope.vars : scope.secrets;
  const other = ref.type === "vars" ? scope.secrets : scope.vars;
  const noun = ref.type === "vars" ? "variable" : "secret";
  if (ref.path.length > 0) throw new ReferenceValueError(`${formatReference(ref)}: a ${noun} is text and has no fields`);
  if (!table || !own(table, ref.key)) {
    if (other && own(other, ref.key)) {
      const right = ref.type === "vars" ? "secrets" : "vars";
      throw new ReferenceValueError(`${ref.key} is a ${ref.type === "vars" ? "secret" : "variable"}: use {{ ${right}.${ref.key} }}`);
    }
    throw new ReferenceValueError(`${noun} ${ref.key} is not defined in this workspace`);
  }
  const value = table[ref.key];
  if (value === null && ref.type === "secrets" && scope.unreadableSecrets?.includes(ref.key)) {
    throw new ReferenceValueError(
      `secret ${ref.key}: its stored value cannot be decrypted with this server's SECRET_KEY (was the key changed? enter the value again under the workspace's variables and secrets)`,
    );
  }
  if (value === null) throw new ReferenceValueError(`${noun} ${ref.key}: value missing (fill it in under the workspace's variables and secrets)`);
  return value;
}

function resolveOne(ref: Reference, scope: ReferenceScope, unresolved: string[]): unknown {
  if (ref.type === "files") {
    const text = scope.files && own(scope.files, ref.key) ? scope.files[ref.key] : null;
    if (text === null) throw new ReferenceValueError(`file ${ref.key} is not in this workspace (upload it under the workspace's files)`);
    return text;
  }
  if (ref.type === "vars" || ref.type === "secrets") return lookupValue(ref, scope);
  if (ref.type === "step" && own(scope.outputs, String(ref.step))) {
    const hit = followPath(scope.outputs[ref.step], ref.path);
    if (hit.found) return hit.value;
  }
  unresolved.push(formatReference(ref));
  return null;
}

/** How a value reads inside a longer text: objects as JSON, missing as nothing. */
export function interpolate(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function resolveText(text: string, scope: ReferenceScope, unresolved: string[]): unknown {
  const whole = WHOLE.exec(text);
  if (whole) {
    const ref = parseReference(whole[1]);
    if (ref) return resolveOne(ref, scope, unresolved);
  }
  if (!text.includes("{{")) return text;
  return text.replace(REFERENCE_PATTERN, (match, inner: string) => {
    const ref = parseReference(inner);
    return ref ? interpolate(resolveOne(ref, scope, unresolved)) : match;
  });
}

/**
 * Resolves every reference in an authored value (deeply through objects and arrays; keys stay
 * as written). A field that is exactly one reference takes the value with its type; inside a
 * longer text it is interpolated. A missing path gives null (or "") and is listed in
 * `unresolved`. Throws ReferenceValueError for a variable or secret that is not defined or has
 * no value.
 */
export function resolveReferences(value: unknown, scope: ReferenceScope): { value: unknown; unresolved: string[] } {
  const unresolved: string[] = [];
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return resolveText(v, scope, unresolved);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  return { value: out, unresolved: [...new Set(unresolved)] };
}

/** Every string leaf of a value with its dotted path. */
export function* stringLeaves(value: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof value === "string") yield [path.join("."), value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringLeaves(v, [...path, String(i)]);
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) yield* stringLeaves(v, [...path, k]);
}

/** The parts of a step's config that hold authored templates. Trigger configs hold data (sample
 *  payloads, secrets), and a code step's body reads `steps` instead of references. */
export function templateFields(step: Pick<Step, "kind" | "config">): Record<string, unknown> {
  if (step.kind === "webhook" || step.kind === "scheduler") return {};
  if (step.kind === "code") return Object.fromEntries(Object.entries(step.config).filter(([k]) => k !== "code"));
  return step.config;
}

export type ReferenceProblem = { step: number; stepId: string; field: string; message: string };

/** The workspace file names a workflow's templates reference ({{ files.NAME }}). */
export function referencedFiles(steps: readonly Pick<Step, "kind" | "config">[]): string[] {
  const names = new Set<string>();
  for (const step of steps) {
    for (const [, text] of stringLeaves(templateFields(step))) {
      for (const [, inner] of text.matchAll(REFERENCE_PATTERN)) {
        const ref = parseReference(inner);
        if (ref?.type === "files") names.add(ref.key);
      }
    }
  }
  return [...names];
}

/** Save-time check: references to later steps, to the step itself, to numbers that do not exist,
 *  to removed steps, and malformed variable or secret references. A Code body's `steps[n]` reads
 *  (code-step-reads.ts) are held to the same rules: `steps[9]` in a 3-step workflow would only
 *  fail when run, as "Cannot read properties of undefined". */
export function findReferenceErrors(steps: readonly Pick<Step, "id" | "kind" | "config">[]): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  for (const [i, step] of steps.entries()) {
    const number = i + 1;
    for (const [field, text] of stringLeaves(templateFields(step))) {
      for (const [, inner] of text.matchAll(REFERENCE_PATTERN)) {
        const message = referenceProblem(inner, number, steps.length);
        if (message) problems.push({ step: number, stepId: step.id, field, message });
      }
    }
    if (step.kind === "code" && typeof step.config.code === "string") {
      const { reads, removed } = findCodeStepReads(step.config.code);
      const messages = new Set<string>();
      for (const read of bindsOwnSteps(step.config.code) ? [] : reads) {
        const message = stepNumberProblem(`steps[${read.step}]`, read.step, number, steps.length);
        if (message) messages.add(message);
      }
      if (removed > 0) messages.add(`${REMOVED_STEP_READ} refers to a step that was removed (read another step's output, steps[n])`);
      for (const message of messages) problems.push({ step: number, stepId: step.id, field: "code", message });
    }
  }
  return problems;
}

/** What is wrong with step `n` read from step `number` of `count`: later, itself, or no such step. */
function stepNumberProblem(shown: string, n: number, number: number, count: number): string | null {
  if (n < 1 || n > count) return `${shown} refers to step ${n}, which does not exist (the workflow has ${plural(count, "step")})`;
  if (n === number) return `${shown} refers to step ${number} itself; a step can only read earlier steps`;
  if (n > number) return `${shown} refers to step ${n}, which comes after step ${number}`;
  return null;
}

function referenceProblem(inner: string, number: number, count: number): string | null {
  const ref = parseReference(inner);
  const shown = `{{ ${inner.trim()} }}`;
  if (!ref) {
    // Only text that looks like a reference is an error; `{{` in prose or JSON samples is left alone.
    return /^\s*(\d+|vars|secrets)\s*(\.|\[|$)/.test(inner) ? `${shown} is not a valid reference (use {{ n.path }}, {{ vars.KEY }} or {{ secrets.KEY }})` : null;
  }
  if (ref.type === "removed") return `${shown} refers to a step that was removed`;
  if (ref.type === "files") return null;
  if (ref.type !== "step") return ref.path.length > 0 ? `${shown}: a ${ref.type === "vars" ? "variable" : "secret"} is text and has no fields` : null;
  return stepNumberProblem(shown, ref.step, number, count);
}

/**
 * Renumbers step references after steps were inserted, removed or reordered, so each keeps
 * pointing at the same step. `mapping` maps old numbers to new ones, or to null for a removed
 * step (its references become `{{ removed.path }}`, which save-time validation reports).
 * Numbers not in the mapping are left as they are.
 */
export function rewriteReferences<T>(value: T, mapping: ReadonlyMap<number, number | null>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      return v.replace(REFERENCE_PATTERN, (match, inner: string) => {
        const ref = parseReference(inner);
        if (!ref || ref.type !== "step" || !mapping.has(ref.step)) return match;
        const to = mapping.get(ref.step)!;
        return to === null ? formatReference({ type: "removed", path: ref.path }) : formatReference({ ...ref, step: to });
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The old-number → new-number mapping between two orderings of step ids (null = removed). */
export function referenceMapping(beforeIds: readonly string[], afterIds: readonly string[]): Map<number, number | null> {
  const after = new Map(afterIds.map((id, i) => [id, i + 1]));
  return new Map(beforeIds.map((id, i) => [i + 1, after.get(id) ?? null]));
}

/** Renumbers the references in every step's templates and a code body's `steps[n]` reads
 *  (code-step-reads.ts); trigger data is untouched. */
export function rewriteStepReferences<S extends Pick<Step, "kind" | "config">>(steps: readonly S[], mapping: ReadonlyMap<number, number | null>): S[] {
  return steps.map((s) => {
    const fields = templateFields(s);
    if (fields === s.config) return { ...s, config: rewriteReferences(s.config, mapping) };
    const code = s.kind === "code" && typeof s.config.code === "string" ? { code: rewriteCodeStepReads(s.config.code, mapping) } : {};
    return { ...s, config: { ...s.config, ...rewriteReferences(fields, mapping), ...code } };
  });
}
