// How long a pool's caller may wait on PostgreSQL: a stuck database must turn into errors (503s
// for a request), not into calls that hang forever. `statementMs`: the server cancels a statement
// after it; `queryMs` (a little longer) bounds a server that does not answer at all (stopped,
// SIGSTOPped, partitioned), which statement_timeout cannot; 5 s to get a connection also bounds
// the wait for a free one when all are busy on a hung server. Used by the intake's pool
// (lib/intake/intake.ts) and the shared pool (lib/db/client.ts, which the worker raises).
import type pg from "pg";

export type StatementLimits = { statementMs: number; queryMs: number };

/** What request handling gets: the web process's pools. */
export const REQUEST_LIMITS: StatementLimits = { statementMs: 15_000, queryMs: 20_000 };

export const poolBounds = ({ statementMs, queryMs }: StatementLimits = REQUEST_LIMITS): pg.PoolConfig => ({
  connectionTimeoutMillis: 5_000,
  statement_timeout: statementMs,
  query_timeout: queryMs,
  keepAlive: true,
});
