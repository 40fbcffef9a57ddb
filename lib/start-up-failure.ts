// The last words of a web server or worker that cannot start, as one JSON log line like its
// others (README, Logs). A database that refuses the login (a wrong password, an unknown user or
// database in DATABASE_URL) is named as the setting to fix with PostgreSQL's own words: the
// Prisma error said "Invalid `prisma.$queryRaw()` invocation: … Raw query failed. Code: `28P01`"
// over five lines and never named DATABASE_URL.
import { startUpLogger } from "@/lib/log";

// SQLSTATE class 28 (invalid authorization: a wrong password, no such role, no pg_hba.conf entry)
// and 3D000 (no such database): PostgreSQL refused this connection's settings, not an outage to
// wait out (lib/db/wait-for-database.ts). Prisma's own codes for the same, where it gives no cause.
const REFUSED_SQLSTATE = /^(28...|3D000)$/;
const PRISMA_REFUSED = new Set(["P1000", "P1003", "P1010"]);

type Shape = {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } };
};

/** PostgreSQL's words when it refused the login or the database DATABASE_URL names, else null. */
export function databaseRefusal(e: unknown): string | null {
  if (!e || typeof e !== "object") return null;
  const err = e as Shape;
  const cause = err.meta?.driverAdapterError?.cause;
  if (cause && REFUSED_SQLSTATE.test(String(cause.originalCode ?? ""))) return `${String(cause.originalMessage ?? "")} (SQLSTATE ${String(cause.originalCode)})`;
  const code = typeof err.code === "string" ? err.code : "";
  const message = typeof err.message === "string" ? err.message.split("\n").map((l) => l.trim()).filter(Boolean).at(-1) ?? "" : "";
  if (REFUSED_SQLSTATE.test(code) && "severity" in err) return `${message} (SQLSTATE ${code})`; // node-postgres (pg-boss)
  if (typeof err.name === "string" && err.name.startsWith("PrismaClient") && PRISMA_REFUSED.has(code)) return message;
  return null;
}

/** The one line saying why `component` did not start (no stack: it may be a setting to fix). */
export function startFailureMessage(component: string, e: unknown): string {
  // One line whatever is quoted (a thrown string, a server's message with a HINT line): a log
  // reader or the terminal takes the first line for the whole.
  return `${component} failed to start: ${startFailureReason(e)}`.replace(/[ \t]*[\r\n]+[ \t]*/g, " ");
}

function startFailureReason(e: unknown): string {
  const refusal = databaseRefusal(e);
  if (refusal) return `DATABASE_URL: the database refused the connection: ${refusal}`;
  if (!(e instanceof Error)) return String(e);
  // Prisma quotes the failing call first and the database's words last; other messages are kept whole.
  const lines = e.message.split("\n").map((l) => l.trim()).filter(Boolean);
  return e.name.startsWith("PrismaClient") ? (lines.at(-1) ?? e.name) : lines.join(" ");
}

/** Writes the failure as a fatal JSON line on stdout and exits 1. */
export function exitOnStartFailure(component: string, e: unknown): never {
  // Written at any LOG_LEVEL, silent included: silent quiets the logs, not the one line saying
  // why the process exited 1 (it exited without a word).
  const root = startUpLogger();
  const log = root.isLevelEnabled("fatal") ? root : root.child({}, { level: "fatal" });
  log.fatal({ component }, startFailureMessage(component, e));
  process.exit(1);
}
