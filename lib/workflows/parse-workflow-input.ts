// Parses the body of a workflow save (POST create, PUT update). A problem inside a step is
// reported like the definition checks do — by 1-based step number, not by array index — so
// the editor can point at the step: `step 3 (HTTP Request): name: …`.
import { z, ZodError } from "@/lib/z";
import { AppError, badRequest } from "@/lib/api/errors";
import { findUnstorableJson } from "@/lib/api/find-unstorable-json";
import { describeZodError } from "@/lib/api/handler";
import { misspeltFieldNote, withMisspeltFields } from "@/lib/api/misspelt-field";
import { findDroppedProtoKey, PROTO_KEY_PROBLEM, protoKeyRefused } from "@/lib/api/find-dropped-proto-key";
import { zodIssueField } from "@/lib/api/zod-issue-field";
import { isJsonObject } from "@/lib/json/is-json-object";
import { exactNumberText, roundExactNumbers } from "@/lib/json/parse-exact-json";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import { stepInputSchema, stepsInputSchema, workflowInputSchema, type Step, type StepInput } from "@/lib/workflows/definition";
import { fillLeftOut } from "@/lib/workflows/fill-left-out";
import { findUnknownConfigField } from "@/lib/workflows/find-unknown-config-field";
import { dropSecretEcho } from "@/lib/workflows/prepare-steps";

const workflowCreateSchema = workflowInputSchema.extend({
  /** Optimistic concurrency: the version the client last read; a mismatch is 409. */
  version: z.number().int().positive().optional(),
  /** Read back from a GET: on a PUT accepted when it is the workflow's mode, never a way to change
   *  it; ignored on a create (a new workflow starts in Draft). */
  mode: z.enum(["draft", "live"]).optional(),
});
export type WorkflowCreate = z.infer<typeof workflowCreateSchema>;

/** A PUT: without `steps` the stored steps stay (a rename-only PUT must not delete every step
 *  and retire the trigger's URL with its secret and testing data). */
export const workflowWriteSchema = workflowCreateSchema.extend({ steps: stepsInputSchema.optional() });
export type WorkflowWrite = z.infer<typeof workflowWriteSchema>;

// A read sent back (PUT of what GET returned) is a normal way to save, so the read-only fields of
// a workflow and its steps are accepted and ignored; anything else is a mistake worth naming
// (a typo, or expecting `"mode": "live"` to publish) rather than something to drop silently.
// `pushedFrom` (a client's copy, on a version a push made) and `blueprint` (one installed from a
// blueprint) are read-only too: refusing them kept a script from saving such a workflow's read.
const WORKFLOW_KEYS = new Set([...Object.keys(workflowWriteSchema.shape), "id", "workspaceId", "webhookUrl", "keptWebhookUrl", "savedBy", "savedAt", "pushedFrom", "blueprint", "createdAt", "updatedAt"]);
const STEP_KEYS = new Set([...Object.keys(stepInputSchema.shape), "number"]);

// Every invalid_workflow names the step by number and id (validate-definition.ts); before the
// body parses, the id is the one sent, if it is one (a new step may have none yet: null).
const sentStepId = (step: unknown): string | null => {
  const id = (step as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && id !== "" ? id : null;
};

function refuseUnknownKeys(raw: unknown): void {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return; // the schema says what is wrong
  const extra = Object.keys(raw).find((k) => !WORKFLOW_KEYS.has(k));
  if (extra) throw new AppError(400, "invalid_request", `unknown field ${JSON.stringify(extra)}: a workflow save takes name, steps and version`, { field: extra, issues: [{ path: extra, message: "unknown field" }] });
  const steps = (raw as { steps?: unknown }).steps;
  if (!Array.isArray(steps)) return;
  steps.forEach((step, i) => {
    if (!step || typeof step !== "object" || Array.isArray(step)) return;
    const bad = Object.keys(step).find((k) => !STEP_KEYS.has(k));
    if (bad) throw new AppError(400, "invalid_workflow", `step ${i + 1}: unknown field ${JSON.stringify(bad)}: a step takes id, kind, name and config`, { step: i + 1, stepId: sentStepId(step), field: bad });
  });
}

/**
 * A config key the step's schema does not know is a 400 naming step and field, like a step's own
 * unknown fields. `stored`: the workflow's steps before this save — a key its step of the same id
 * already carries came from a read and may be sent back (it is dropped on save). Run on what a
 * caller sends only (create here, PUT in updateWorkflow where the stored steps are at hand), never
 * on stored workflows, blueprints or push copies.
 */
export function refuseUnknownConfigFields(steps: readonly StepInput[], stored: readonly Step[] = []): void {
  const byId = new Map(stored.map((s) => [s.id, s]));
  steps.forEach((step, i) => {
    const before = step.id ? byId.get(step.id) : undefined;
    const field = findUnknownConfigField({
      kind: step.kind,
      config: step.kind === "webhook" ? dropSecretEcho(step.config) : step.config,
      stored: before?.kind === step.kind ? before.config : undefined,
    });
    if (!field) return;
    const label = STEP_CATALOG[step.kind].label;
    // `field` is the path inside the step's config, as in every other invalid_workflow and
    // step_incomplete answer ("method", "headers.0.value"); the message says where it sits.
    throw new AppError(400, "invalid_workflow", `step ${i + 1} (${label}): unknown field "config.${field}": not a setting of ${label} (misspelt?)`, {
      step: i + 1,
      stepId: step.id ?? null,
      field,
    });
  });
}

// A save's body may be read keeping integers beyond double precision (readJson's exactIntegers):
// a trigger's Testing data keeps them, as a live delivery keeps the sender's (a 64-bit ticket id
// tested as typed). Everywhere else a number is a double, as the schemas check it and the steps
// compute with it: turned back into one here. A number beyond the double range (1e400) would
// be ±Infinity, which JSON stores as null: refused, naming where it is.
const isObject = (v: unknown): v is Record<string, unknown> => isJsonObject(v) && exactNumberText(v) === null;

function toDoubles(value: unknown, at: string): unknown {
  const doubles = roundExactNumbers(value);
  const bad = doubles === value ? null : findUnstorableJson(doubles);
  if (bad) throw badRequest(`${[at, bad.path].filter(Boolean).join(".")}: ${bad.problem} (only a trigger's Testing data keeps such a number as written)`);
  return doubles;
}

function exactOnlyInTestingData(raw: unknown): unknown {
  if (!isObject(raw) || !Array.isArray(raw.steps)) return toDoubles(raw, "");
  const steps = raw.steps.map((step: unknown, i: number) => {
    if (!isObject(step) || !isObject(step.config)) return toDoubles(step, `steps.${i}`);
    const config = Object.fromEntries(Object.entries(step.config).map(([k, v]) => [k, k === "testingData" ? v : toDoubles(v, `steps.${i}.config.${k}`)]));
    return { ...(toDoubles({ ...step, config: null }, `steps.${i}`) as object), config };
  });
  return { ...(toDoubles({ ...raw, steps: null }, "") as object), steps };
}

/** `creating`: a new workflow starts in Draft whatever `mode` the body says, and a body without
 *  steps makes an empty workflow. */
export function parseWorkflowInput(raw: unknown, opts: { creating: true }): WorkflowCreate;
export function parseWorkflowInput(raw: unknown, opts?: { creating?: false }): WorkflowWrite;
export function parseWorkflowInput(body: unknown, opts: { creating?: boolean } = {}): WorkflowWrite {
  const raw = exactOnlyInTestingData(body);
  refuseUnknownKeys(raw);
  const r = (opts.creating ? workflowCreateSchema : workflowWriteSchema).safeParse(raw);
  if (r.success) {
    refuseDroppedProtoKey(raw, r.data);
    // A create ignores `mode`, like the GET's other read-only fields: a copy made by GET then POST
    // of a Live workflow starts in Draft, as every new workflow does (a PUT still refuses a change).
    const read = opts.creating ? { ...r.data, mode: undefined } : r.data;
    // Before anything reads the configs: a left-out value is the same as an empty one.
    const data = read.steps ? { ...read, steps: read.steps.map((s) => ({ ...s, config: fillLeftOut(s.kind, s.config) })) } : read;
    if (opts.creating) refuseUnknownConfigFields(data.steps ?? []);
    return data;
  }
  const issue = r.error.issues[0];
  const [root, index, ...rest] = issue.path;
  if (root !== "steps" || typeof index !== "number") {
    // Named like every other body's 400: `field` and `issues[].path` (handler.ts's errorResponse).
    const field = zodIssueField(issue);
    throw new AppError(400, "invalid_request", describeZodError(withMisspeltFields(new ZodError([issue]), raw)), { ...(field ? { field } : {}), issues: [{ path: field, message: issue.message }] });
  }
  const rawStep = (raw as { steps: unknown[] }).steps[index] as { kind?: unknown } | undefined;
  const label = STEP_CATALOG[rawStep?.kind as StepKind]?.label;
  const field = rest.map(String).join(".");
  const note = misspeltFieldNote({ ...issue, path: rest }, rawStep);
  throw new AppError(400, "invalid_workflow", `step ${index + 1}${label ? ` (${label})` : ""}: ${field ? `${field}: ` : ""}${issue.message}${note}`, {
    step: index + 1,
    stepId: sentStepId(rawStep),
    field: field || null,
  });
}

// A "__proto__" key the schema left out (a step's config is a zod record, which drops it in
// silence) is refused: in a step, as invalid_workflow naming the step and the path inside it
// (the config's path, as for an unknown config field); elsewhere as every body's 400.
function refuseDroppedProtoKey(raw: unknown, parsed: unknown): void {
  const path = findDroppedProtoKey(raw, parsed);
  if (!path) return;
  const [root, index, ...rest] = path;
  if (root !== "steps" || index === undefined || rest.length === 0) throw protoKeyRefused(path);
  const i = Number(index);
  const rawStep = (raw as { steps: unknown[] }).steps[i] as { kind?: unknown } | undefined;
  const label = STEP_CATALOG[rawStep?.kind as StepKind]?.label;
  const field = (rest[0] === "config" ? rest.slice(1) : rest).join(".");
  throw new AppError(400, "invalid_workflow", `step ${i + 1}${label ? ` (${label})` : ""}: "${rest.join(".")}" ${PROTO_KEY_PROBLEM}`, {
    step: i + 1,
    stepId: sentStepId(rawStep),
    field,
    issues: [{ path: path.join("."), message: PROTO_KEY_PROBLEM }],
  });
}

export function modeNotSaved(current: string): AppError {
  const problem = `a save does not change it (the workflow is ${current === "live" ? "Live" : "in Draft"}); switch it with POST /api/v1/workflows/{id}/live or /draft`;
  // Named like every other body's 400: `field` and `issues[].path`.
  return new AppError(400, "invalid_request", `mode: ${problem}`, { field: "mode", issues: [{ path: "mode", message: problem }] });
}
