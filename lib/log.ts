// Structured JSON logs (pino, one line per event on stdout) for the web server, the worker and the intake.
// Callers pass ids (runId, workflowId, workspaceId), counts and error messages, never payloads,
// step outputs or credentials; the redact list is a second line of defence against a stray
// object carrying one of the usual secret-bearing keys.
import { pino, type Logger } from "pino";
import { env } from "@/lib/env";

const REDACT = [
  "password", "secret", "token", "authorization", "apiKey", "credentials", "headers", "body", "payload",
  "*.password", "*.secret", "*.token", "*.authorization", "*.apiKey", "*.credentials", "*.headers", "*.body", "*.payload",
];

const g = globalThis as unknown as { __logger?: Logger };

const create = (level: string) =>
  pino({
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  });

/** The process's root logger; `logger().child({ runId })` for a run's lines. */
export function logger(): Logger {
  g.__logger ??= create(env().LOG_LEVEL);
  return g.__logger;
}

/** For a process's started and stopping lines: written at any LOG_LEVEL but silent, as launchers,
 *  benches and operators read them to know it is up (a LOG_LEVEL of warn hid the worker's, and
 *  `npm run bench:ingest` then waited for a worker that never said so). */
export function lifecycleLogger(component: string): Logger {
  const root = logger();
  return root.child({ component }, { level: root.level === "silent" || root.levelVal <= 30 ? root.level : "info" });
}

/** The root logger, or one at the default level when the configuration (LOG_LEVEL with the
 *  rest) is what stops the start: its failure is still a JSON line like the others. */
export function startUpLogger(): Logger {
  try {
    return logger();
  } catch {
    return create("info");
  }
}

/** An error's message only: stacks and causes can quote request data. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  // Not an Error (pg-boss emits plain objects on a shutdown under way): its message, else its
  // JSON, rather than "[object Object]" in an error line that alerting reads.
  if (e !== null && typeof e === "object") {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
    try {
      const json = JSON.stringify(e);
      if (json && json !== "{}") return json.length > 500 ? `${json.slice(0, 500)}…` : json;
    } catch {
      // circular: fall through
    }
    return `${Object.prototype.toString.call(e)} ${Object.keys(e).join(", ")}`.trim();
  }
  return String(e);
}
