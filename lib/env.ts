// The one place that reads process.env. Parsed once, validated with zod; a missing or
// malformed setting stops start-up with one line naming it.
import { z } from "@/lib/z";
import { newPasswordSchema } from "@/lib/auth/new-password";
import { checkCron } from "@/lib/triggers/check-cron";
import { parseAllowedRanges } from "@/lib/net/ip-policy";
import { checkAllowedRange } from "@/lib/net/check-allowed-range";
import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";

// Decimal digits only: Number() would also take 0x10, 1e3 and 0b11, which nobody means as a port.
const intFrom = (def: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, "must be a whole number in decimal digits, e.g. 8")
    .optional()
    .transform((v) => (v ? Number(v) : def))
    .pipe(z.number().int().min(min).max(max));

// Empty is the default, as for every other setting (a blank line in an env file).
const flag = (def: "true" | "false") =>
  z.preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false", "1", "0"]).default(def)).transform((v) => v === "true" || v === "1");

// An IP address or a host name. Checked here, not when the web server binds: 999.1.1.1 passed,
// the launcher printed "open http://999.1.1.1:4112", and the web server then failed five times
// with "getaddrinfo ENOTFOUND 999.1.1.1", never naming the setting.
function checkListenHost(v: string): string | null {
  if (isIP(v)) return null;
  const shape = "must be an IP address or a host name, e.g. 127.0.0.1";
  if (/^[\d.]+$/.test(v)) return `${shape}: ${v} is no IPv4 address (four numbers 0–255, separated by dots)`;
  if (v.includes(":")) return `${shape}: ${v} is no IPv6 address${v.startsWith("[") ? " (write it without brackets)" : ""}`;
  const labels = v.replace(/\.$/, "").split(".");
  if (v.length > 253 || !labels.every((l) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l))) {
    return `${shape}: ${v} is no host name (letters, digits and hyphens, in labels separated by dots)`;
  }
  return null;
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PORT: intFrom(3000, 1, 65535),
  // The address the web server listens on; unset: every interface (a container, a LAN server).
  LISTEN_HOST: z.preprocess((v) => (v === "" ? undefined : v), z.string().refine((v) => checkListenHost(v) === null, { error: (issue) => checkListenHost(String(issue.input)) ?? "" }).optional()),
  // Webhook and invitation links are this plus "/hooks/<token>": a ? or # would swallow that
  // path (a delivery hit "/" and made no run), and user:password would go to every third party
  // handed a webhook URL.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => !/[?#]/.test(v) && !/^[^:]+:\/\/[^/]*@/.test(v), "must be an origin plus an optional path, without ?, # or user:password")
    .optional(),
  SECRET_KEY: z.string().optional(),
  WORKER_CONCURRENCY: intFrom(8, 1, 256),
  WORKER_BATCH_SIZE: intFrom(25, 1, 500),
  // The worker's scheduling priority (nice, 0–19; 0 = the launcher's; never raised above it). On a
  // machine the worker shares with the web process, executing runs yields the CPU to the intake.
  WORKER_NICE: intFrom(10, 0, 19),
  // Checked here with the HTTP step's own parser, so a typo stops start-up instead of failing
  // every HTTP step later with an error that tenants would see.
  HTTP_ALLOWED_PRIVATE_RANGES: z
    .string()
    .default("")
    .superRefine((v, ctx) => {
      try {
        const problem = parseAllowedRanges(v).ranges.map(checkAllowedRange).find((p) => p !== null);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      } catch (e) {
        // Its message already names the setting; loadEnv puts the name in front once.
        ctx.addIssue({ code: "custom", message: (e as Error).message.replace(/^HTTP_ALLOWED_PRIVATE_RANGES: /, "") });
      }
    }),
  SEED_OWNER_EMAIL: z.email().default("owner@example.com"),
  // Unset: a first password generated for this database (lib/seed/seed-owner.ts), to be replaced
  // at the first sign-in. Set: held to the rules of a password chosen in the app
  // (lib/auth/new-password.ts): a mistake there stops start-up, naming the setting.
  SEED_OWNER_PASSWORD: newPasswordSchema().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // false: server.ts hands /hooks/* to Next's route handler too (tests run both adapters).
  // Behind a reverse proxy that sets X-Forwarded-For, "true" keeps that header; otherwise the web
  // server overwrites it with the socket's address, so a client cannot pick the address the
  // sign-in throttle counts under.
  TRUST_PROXY: flag("false"),
  INTAKE_FAST_PATH: flag("true"),
  // Failure alerts' storm guard (lib/failure-alerts): at most one alert per workflow in this many
  // seconds; the failures in between are counted in the next one.
  FAILURE_ALERT_WINDOW_SECONDS: intFrom(600, 0, 86_400),
  // Deliveries log retention, per workflow, of requests that made no run: older than this many
  // days, or beyond this many rows. An accepted delivery is recorded on its run and kept with it.
  DELIVERY_RETENTION_DAYS: intFrom(30, 1, 3650),
  DELIVERY_RETENTION_MAX: intFrom(100_000, 100, 100_000_000),
  // Run history retention (lib/retention), applied by a scheduled job to every workflow of every
  // workspace: finished runs older than RUN_DAYS or beyond the newest RUNS_PER_WORKFLOW go;
  // step outputs and logs of finished runs older than STEP_OUTPUT_DAYS are cleared (statuses stay).
  RETENTION_RUN_DAYS: intFrom(30, 1, 3650),
  RETENTION_RUNS_PER_WORKFLOW: intFrom(10_000, 10, 100_000_000),
  RETENTION_STEP_OUTPUT_DAYS: intFrom(14, 1, 3650),
  // Rows per DELETE/UPDATE statement: each is its own short transaction.
  RETENTION_BATCH_SIZE: intFrom(1_000, 10, 100_000),
  RETENTION_CRON: z
    .string()
    .default("7 * * * *")
    // pg-boss takes 5-field cron or an @macro; the check (and message) the Scheduler trigger uses.
    .refine((v) => checkCron(v) === null, { error: (issue) => checkCron(String(issue.input)) ?? "is not a cron expression" }),
  // Scheduled backups of the embedded database (lib/backup/register-scheduled-backup.ts): when,
  // as pg-boss cron in UTC (unset: none), and how many of them to keep in DATA_DIR/backups.
  BACKUP_CRON: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().refine((v) => checkCron(v) === null, { error: (issue) => checkCron(String(issue.input)) ?? "is not a cron expression" }).optional(),
  ),
  BACKUP_KEEP: intFrom(7, 1, 1000),
  // Set by npm start for the web server and worker it starts when it runs the embedded PostgreSQL
  // (whose data directory is DATA_DIR/postgres): only such a worker can back it up.
  EMBEDDED_POSTGRES: flag("false"),
  // Bearer token for GET /metrics; unset: /metrics answers 404 (not exposed at all). Trimmed
  // like SECRET_KEY: one read from a secret file ends in a newline, which no scraper sends.
  METRICS_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z.string().min(16, "must be at least 16 characters (surrounding whitespace not counted)").optional(),
  ),
});

export type Env = Omit<z.infer<typeof schema>, "SECRET_KEY" | "PUBLIC_URL" | "DATA_DIR"> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** 32 raw bytes. */
  SECRET_KEY: Buffer;
};

export class ConfigError extends Error {}

/** Accepts 64 hex characters or base64 (standard or URL-safe) of exactly 32 bytes. */
export function parseSecretKey(value: string): Buffer {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const buf = Buffer.from(v.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (buf.length === 32) return buf;
  }
  throw new ConfigError("SECRET_KEY must be 32 bytes written as 64 hex characters or base64");
}

/** Where the key is kept when SECRET_KEY is not set: generated there by the first start. */
export const secretKeyFile = (dataDir: string) => path.join(dataDir, "secret-key");

// What an operating-system error means for an operator, without the stack trace and syscall.
const fsReason = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "read-only file system";
  if (code === "ENOSPC") return "no space left on the device";
  return e instanceof Error ? e.message : String(e);
};

/** DATA_DIR is a folder, or nothing yet (made when needed): anything else is a setting to fix. */
function checkDataDir(dir: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") throw new ConfigError(`DATA_DIR: ${dir} is not a directory (part of its path is a file)`);
    throw new ConfigError(`DATA_DIR: ${dir} cannot be read (${fsReason(e)})`);
  }
  if (!isDirectory) throw new ConfigError(`DATA_DIR: ${dir} is not a directory`);
}

/** DATA_DIR made if missing, and writable by this process: the embedded database and the key live there. */
export function ensureDataDir(dir: string): void {
  checkDataDir(dir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new ConfigError(`DATA_DIR: ${dir} cannot be created (${fsReason(e)})`);
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new ConfigError(`DATA_DIR: ${dir} is not writable by this user (${fsReason(e)})`);
  }
}

/** The key in `file`, or null when there is no such file. */
function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new ConfigError(`${file} cannot be read (${fsReason(e)})`);
  }
  try {
    return parseSecretKey(text);
  } catch (e) {
    throw new ConfigError(`${file}: ${(e as Error).message}`);
  }
}

/** Writes `key` to `file` unless it exists; returns the key the file holds either way. */
function writeKeyFile(file: string, key: Buffer): Buffer {
  try {
    // wx: when two processes start together, exactly one writes the key; the other reads it.
    writeFileSync(file, key.toString("hex") + "\n", { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw new ConfigError(`${file} cannot be written (${fsReason(e)})`);
  }
  return readKeyFile(file)!;
}

// How a missing DATA_DIR/secret-key is met. "now" (the default): generated there at once.
// "never": an error where the key is read. Operator commands (backup, restore, password reset,
// key rotation) read the key, never make one: a key generated by one of them encrypts nothing (a
// backup's message named it as the key to keep, a rotation adopted it in place of the service's).
// "at-check": a start-up that checks the key against the database before using it holds a new
// key in memory; verifySecretKey writes it only for a database that has no key yet.
let keyGeneration: "now" | "never" | "at-check" = "now";
const heldKeys = new Map<string, Buffer>(); // key file -> the key generated for it, not yet written

function secretKeyFromFile(dataDir: string): Buffer {
  const file = secretKeyFile(dataDir);
  const found = readKeyFile(file);
  if (found) return found;
  ensureDataDir(dataDir);
  if (keyGeneration === "at-check") {
    const held = heldKeys.get(file) ?? randomBytes(32);
    heldKeys.set(file, held); // the same key for every loadEnv of this process
    return held;
  }
  return writeKeyFile(file, randomBytes(32));
}

/** For operator commands: a missing DATA_DIR/secret-key is an error where the key is read. */
export function neverGenerateSecretKey(): void {
  keyGeneration = "never";
  cached = undefined;
}

/**
 * For the entry points that call verifySecretKey before anything uses the key (npm start,
 * db:prepare, start:web, start:worker): a missing DATA_DIR/secret-key is written only once the
 * database is known to have no key yet. Written at once, a backup restored onto a fresh DATA_DIR
 * met a new key it refused, and that key then stood in the file as if it were the one to keep.
 */
export function generateSecretKeyAtCheck(): void {
  keyGeneration = "at-check";
  cached = undefined;
}

/** This process's key when it was generated for a missing DATA_DIR/secret-key and is not written yet. */
export function heldSecretKey(config: Env = env()): { file: string; key: Buffer } | null {
  const file = secretKeyFile(config.DATA_DIR);
  const key = heldKeys.get(file);
  return key && key.equals(config.SECRET_KEY) ? { file, key } : null;
}

/** Writes the held key to its file, or takes the one another process wrote there first; returns the key now in the file. */
export function saveHeldSecretKey(file: string): Buffer {
  const key = heldKeys.get(file);
  if (!key) throw new Error(`no key is held for ${file}`);
  const saved = writeKeyFile(file, key);
  heldKeys.delete(file);
  cached = undefined; // env() reads the file from now on
  return saved;
}

const missingKey = (file: string) =>
  new ConfigError(`SECRET_KEY is not set and ${file} does not exist: run this with the key the service uses (its SECRET_KEY, or the DATA_DIR whose secret-key it generated)`);

// Empty means the default for every setting, as `NAME=` in an env file does: DATABASE_URL= is the
// embedded database, not "must be a postgres:// URL". (Only blanks is not empty: a METRICS_TOKEN
// of spaces is a mistake to name.)
const SETTINGS = Object.keys(schema.shape);

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const given = Object.fromEntries(SETTINGS.flatMap((k) => (source[k] === undefined || source[k] === "" ? [] : [[k, source[k]]])));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  checkDataDir(dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  if (!e.SECRET_KEY && keyGeneration === "never" && !existsSync(secretKeyFile(dataDir))) {
    // Commands that never read the key (a backup) still run; one that does is told why not.
    const rest: Partial<Pick<typeof e, "SECRET_KEY">> & Omit<typeof e, "SECRET_KEY"> = { ...e };
    delete rest.SECRET_KEY;
    const config: Omit<Env, "SECRET_KEY"> = { ...rest, DATA_DIR: dataDir, PUBLIC_URL: publicUrl };
    return Object.defineProperty(config, "SECRET_KEY", {
      enumerable: false,
      get: (): Buffer => {
        throw missingKey(secretKeyFile(dataDir));
      },
    }) as Env;
  }
  const secret = e.SECRET_KEY ? parseSecretKey(e.SECRET_KEY) : secretKeyFromFile(dataDir);
  return { ...e, DATA_DIR: dataDir, PUBLIC_URL: publicUrl, SECRET_KEY: secret };
}

let cached: Env | undefined;

/** The parsed configuration of this process. */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** The database URL, which must be set in any process other than the launcher. */
export function databaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new ConfigError("DATABASE_URL: not set (npm start provides an embedded PostgreSQL; other entry points need it)");
  return url;
}

/**
 * next-auth v4 reads its base URL from process.env on every request. Without NEXTAUTH_URL it
 * would build its redirects for http://localhost:3000; trusting the request's host (Next fills
 * x-forwarded-host/-proto from the socket when no proxy did) makes sign-in work on whatever host
 * and port the browser used. An operator's explicit NEXTAUTH_URL still wins.
 */
export function exportNextAuthEnv(): void {
  process.env.AUTH_TRUST_HOST ??= "true";
}
