// The Prisma client of this process: Prisma 7's query compiler over node-postgres
// (@prisma/adapter-pg), no native engine, on a node-postgres pool of ours. The hot paths that
// send their own SQL (the intake's batch write, the run progress write) have pools of their own.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";
import { databaseUrl } from "@/lib/env";
import { poolBounds, REQUEST_LIMITS, type StatementLimits } from "@/lib/db/pool-bounds";

export type Db = InstanceType<typeof PrismaClient>;
/** A transaction client, as passed to `prisma.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// Kept on globalThis so Next's dev reloads do not open a new pool on every change.
const g = globalThis as unknown as { __prisma?: Db; __pgPool?: pg.Pool };

export function createDb(url: string, max = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max }) });
}

/** The name of this process's database sessions; a pool of its own adds a suffix. */
export const sessionName = (suffix = "") => `${process.env.PGAPPNAME || "msp-flow-app"}${suffix}`;

/**
 * How long one statement of this process may take (lib/db/pool-bounds.ts). Defaults fit request
 * handling, as the intake's pool. The worker raises them (setStatementLimits) before its first
 * query: no caller waits on its statements, and one cancelled there is work failed for nothing.
 */
let limits = REQUEST_LIMITS;

/** Call before the first db()/pgPool() use; later calls do not change an open pool. */
export function setStatementLimits(next: StatementLimits): void {
  limits = next;
}

/** The limits this process's pools are opened with (the progress writer's pool takes them too). */
export const statementLimits = (): StatementLimits => limits;

let minSessions = 0;

/**
 * For the web and worker processes, before the first db()/pgPool() use: one session stays open
 * through quiet spells, so that a running process is seen in pg_stat_activity even when idle
 * (npm run secret-key:rotate refuses while one is). Not for scripts and tests, which end when
 * nothing is left to do.
 */
export function keepSessionOpen(): void {
  minSessions = 1;
}

/** The node-postgres pool under db(). */
export function pgPool(): pg.Pool {
  if (!g.__pgPool) {
    // Named so that pg_stat_activity tells whose sessions these are: the entry points set
    // PGAPPNAME (web: msp-flow-web, worker: msp-flow-worker-app); the intake's and pg-boss's
    // pools name themselves (msp-flow-intake, msp-flow-producer, msp-flow-worker).
    g.__pgPool = new pg.Pool({
      connectionString: databaseUrl(),
      max: 10,
      min: minSessions,
      application_name: sessionName(),
      ...poolBounds(limits),
    });
    // An idle connection dropped by the server (a restart) must not crash the process.
    g.__pgPool.on("error", () => {});
  }
  return g.__pgPool;
}

/** The shared client of this process. */
export function db(): Db {
  g.__prisma ??= new PrismaClient({ adapter: new PrismaPg(pgPool()) });
  return g.__prisma;
}
