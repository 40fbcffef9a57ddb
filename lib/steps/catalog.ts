// The step catalog: every step kind, how the editor presents it, and the zod schema of its
// config. Client-safe (no server imports) — the editor builds its forms from it, the API
// validates with it, executors (lib/steps/executors/<kind>.ts) read configs shaped by it.
import { appByKey } from "@/lib/connections/app-catalog";
import { framingHeaderProblem } from "@/lib/http-step/framing-header";
import { z } from "@/lib/z";
import { sharedSecretText } from "@/lib/steps/shared-secret-text";

export const STEP_KINDS = ["webhook", "scheduler", "code", "http", "ai_prompt", "conditions", "transform", "wait", "summarize", "parse_json"] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export const stepKindSchema = z.enum(STEP_KINDS);

export type StepGroup = "Start" | "Logic" | "Data" | "Actions";

const text = z.string();
/** A value that may hold references like {{ 2.items.0.id }}. */
const templ = z.string();
// Text a step needs (a URL, a prompt) is still allowed empty here: a Draft saves unfinished
// steps. find-missing-fields.ts says what must be filled in before Live and before a run. A
// number a step needs is null while empty (a cleared field), for the same reason.

/** Limits said in words: the editor shows them under the field, the API in its 400. */
const grouped = (n: number) => n.toLocaleString("en-US");
/** A whole number of milliseconds from `min` to `max`. */
const millis = (min: number, max: number) =>
  z
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(min, `must be at least ${grouped(min)} ms`)
    .max(max, `must be at most ${grouped(max)} ms (${grouped(max / 1000)} seconds)`);

const TESTING_DATA_MAX_BYTES = 1_048_576;

export const webhookConfig = z.object({
  // Write-only: accepted on input, stored encrypted, read back as {"set": boolean}. That read sent
  // back is taken off before this parse (lib/workflows/secret-echo.ts); anything else that is not
  // text is refused here, saying what the field takes.
  sharedSecret: sharedSecretText('must be the secret as text, "" for none, or exactly what a read returns ({"set": true} or {"set": false}) to leave it as stored').optional(),
  // Trimmed before it is checked and stored: a name pasted with a space after it is the name
  // (the intake trims it too, lib/triggers/verify-signature.ts).
  signatureHeader: z
    .string()
    .trim()
    .max(128)
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]*$/, "must be a valid HTTP header name")
    .optional(),
  // Sample data stands for a delivery, so it has a delivery's limit (lib/intake/responses.ts).
  testingData: z
    .unknown()
    .refine((v) => v === undefined || new TextEncoder().encode(JSON.stringify(v) ?? "").length <= TESTING_DATA_MAX_BYTES, "is over 1 MB, the limit of a delivery")
    .optional(),
});

/** Schedules offered by name; a preset fills in `cron` (the blueprints' monthly runs among them). */
export const SCHEDULE_PRESETS = [
  { id: "hourly", label: "Every hour", cron: "0 * * * *" },
  { id: "daily-0800", label: "Every day at 08:00", cron: "0 8 * * *" },
  { id: "weekdays-0800", label: "Weekdays at 08:00", cron: "0 8 * * 1-5" },
  { id: "weekly-monday-0800", label: "Every Monday at 08:00", cron: "0 8 * * 1" },
  { id: "monthly-day1-0200", label: "Monthly on day 1 at 02:00", cron: "0 2 1 * *" },
  { id: "monthly-day15-0900", label: "Monthly on day 15 at 09:00", cron: "0 9 15 * *" },
] as const;

// Shape only: exactly 5 fields, or one @macro (@daily). pg-boss schedules by the minute, so a
// 6-field cron with seconds would fire once a minute whatever it says: refused. Values and
// macros are checked, field by field, when the workflow goes Live (lib/triggers/check-cron.ts).
const CRON_SHAPE = /^\s*(@[A-Za-z]+|[0-9A-Za-z*?,/#LW-]+(\s+[0-9A-Za-z*?,/#LW-]+){4})\s*$/;
/** Whether `tz` is a time zone Intl (and so cron-parser) knows; the editor checks it live too. */
export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const schedulerConfig = z
  .object({
    cron: z.string().max(120).regex(CRON_SHAPE, "must be a cron expression with 5 fields (minute hour day-of-month month day-of-week) or a macro such as @daily; schedules fire at most once a minute, so there is no seconds field").optional(),
    // Trimmed here, so a zone pasted with spaces around it is saved, shown and scheduled as the zone it names.
    timezone: z.string().trim().max(64).refine(isTimeZone, "must be an IANA time zone such as UTC or Europe/Berlin").default("UTC"),
    preset: z.enum(SCHEDULE_PRESETS.map((p) => p.id) as [string, ...string[]]).optional(),
  })
  .refine((c) => c.cron || c.preset, { message: "choose a preset or enter a cron expression", path: ["cron"] })
  .transform((c) => ({ ...c, cron: c.cron?.trim() || SCHEDULE_PRESETS.find((p) => p.id === c.preset)!.cron }));

export const codeConfig = z.object({
  code: z.string().max(200_000),
  timeoutMs: millis(100, 60_000).default(5_000),
});

const keyValue = z.object({ name: text, value: templ });
// A header named Host, Transfer-Encoding … (framing-header.ts) is refused at save, naming it; one
// whose name a reference gives is refused when the request is built.
const headerEntry = z.object({
  name: text.superRefine((name, ctx) => {
    const problem = framingHeaderProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  value: templ,
});
export const httpConfig = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]).default("GET"),
  url: templ,
  headers: z.array(headerEntry).default([]),
  query: z.array(keyValue).default([]),
  body: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("none") }),
      // No json (the editor's field cleared): the request goes without a body.
      z.object({ type: z.literal("json"), json: z.unknown().optional() }),
      z.object({ type: z.literal("form"), fields: z.array(keyValue) }),
      z.object({ type: z.literal("raw"), raw: templ, contentType: text.default("text/plain") }),
      // A file's bytes as base64 (`{{ 2.body }}` of an HTTP Request that downloaded it: its output's
      // body is so, bodyEncoding "base64"), sent as those bytes (build-http-request.ts).
      z.object({ type: z.literal("binary"), base64: templ, contentType: text.default("application/octet-stream") }),
    ])
    .default({ type: "none" }),
  connectionId: z.string().nullable().default(null),
  // The app the step calls (an app key of lib/connections/app-catalog.ts), kept with the step so it
  // outlives its account: a blueprint's step has it from the blueprint, installed with an account or
  // without ("No account for now"). A push then asks the client for an account of that app rather
  // than of any app (lib/push/fallback-account-app.ts). Hidden in the editor.
  // An unknown key is refused rather than kept and ignored by the push.
  app: z
    .string()
    .refine((k) => appByKey(k) !== undefined, "must be an app key of the app catalog, such as psa or rmm (GET /api/v1/apps)")
    .optional(),
  timeoutMs: millis(100, 300_000).default(30_000),
  continueOnError: z.boolean().default(false),
});

export const aiPromptConfig = z.object({
  connectionId: z.string().nullable().default(null),
  model: text.optional(),
  system: templ.default(""),
  prompt: templ,
  jsonSchema: z.unknown().optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(200_000).optional(),
  // Models can take a while on long prompts; the http step's 30 s default is too short.
  timeoutMs: millis(1_000, 600_000).default(120_000),
});

// seen_before: whether this workflow's live runs already got to such a rule with the value (an
// event id), "Compare with" being how many days it is remembered (lib/steps/seen-before.ts).
export const ruleOps = ["equals", "not_equals", "contains", "gt", "gte", "lt", "lte", "exists", "is_empty", "matches", "in_list", "seen_before"] as const;
const rule = z.object({ left: templ, op: z.enum(ruleOps), right: z.unknown().optional() });
/** Where a branch leads: a step id, or "stop" to end the run with status stopped. */
const target = z.string().min(1);
export const conditionsConfig = z.object({
  branches: z.array(z.object({ id: text.min(1), name: text.default(""), match: z.enum(["all", "any"]).default("all"), rules: z.array(rule).min(1), target })).min(1),
  otherwise: z.object({ target: target.nullable().default(null) }).default({ target: null }),
});

export const transformConfig = z.object({
  fields: z.array(z.object({ name: text, expression: text })).min(1),
});

export const WAIT_MAX_DAYS = 366;
export const waitConfig = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("duration"),
    seconds: z
      .number({ error: "must be a number of seconds" })
      .positive("must be more than 0")
      .max(WAIT_MAX_DAYS * 86_400, `must be at most ${WAIT_MAX_DAYS} days (${grouped(WAIT_MAX_DAYS * 86_400)} seconds)`)
      .nullable(),
  }),
  z.object({ mode: z.literal("until"), at: templ }),
]);

export const summarizeConfig = z.object({
  input: templ,
  groupBy: z.array(text).default([]),
  aggregates: z.array(z.object({ name: text, op: z.enum(["count", "sum", "avg", "min", "max"]), field: text.optional() })).default([]),
  computed: z.array(z.object({ name: text, expression: text })).default([]),
});

export const parseJsonConfig = z.object({ input: templ });

export type StepCatalogEntry = {
  kind: StepKind;
  label: string;
  group: StepGroup;
  description: string;
  trigger: boolean;
  config: z.ZodType;
};

export const STEP_CATALOG: Record<StepKind, StepCatalogEntry> = {
  webhook: { kind: "webhook", label: "Webhook", group: "Start", trigger: true, config: webhookConfig, description: "Starts a run when a system POSTs JSON to the workflow's URL." },
  scheduler: { kind: "scheduler", label: "Scheduler", group: "Start", trigger: true, config: schedulerConfig, description: "Starts a run on a recurring clock (cron, time zone)." },
  conditions: { kind: "conditions", label: "Conditions", group: "Logic", trigger: false, config: conditionsConfig, description: "Routes the run down the first branch whose rules match, or stops it." },
  wait: { kind: "wait", label: "Wait", group: "Logic", trigger: false, config: waitConfig, description: "Pauses the run for a duration or until an instant." },
  transform: { kind: "transform", label: "Data Transformation", group: "Data", trigger: false, config: transformConfig, description: "Computes named fields from earlier outputs." },
  parse_json: { kind: "parse_json", label: "Parse JSON", group: "Data", trigger: false, config: parseJsonConfig, description: "Turns JSON text (also inside a code fence) into data." },
  summarize: { kind: "summarize", label: "Summarize", group: "Data", trigger: false, config: summarizeConfig, description: "Groups rows, aggregates them and builds a Markdown table." },
  http: { kind: "http", label: "HTTP Request", group: "Actions", trigger: false, config: httpConfig, description: "Calls an API, with auth from an app connection." },
  code: { kind: "code", label: "Code Execution", group: "Actions", trigger: false, config: codeConfig, description: "Runs JavaScript in an isolated sandbox." },
  ai_prompt: { kind: "ai_prompt", label: "AI Prompt", group: "Actions", trigger: false, config: aiPromptConfig, description: "Asks an OpenAI-compatible model; optional structured output." },
};

export const isTriggerKind = (kind: string): boolean => STEP_CATALOG[kind as StepKind]?.trigger === true;
