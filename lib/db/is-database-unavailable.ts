// Whether an error means "the database cannot be reached or did not answer in time" — an outage
// to wait out (503 + Retry-After) rather than a fault of ours (500). Errors reach us in three
// shapes: Prisma's (a P-code, a node error code such as ENOENT for a missing Unix socket, or a
// driver-adapter cause carrying PostgreSQL's SQLSTATE), a raw node-postgres Error that Prisma
// passes through (pool and client timeouts have no code, only their message), and a raw socket
// error (a transaction's connect). Shapes recorded against a stopped and a SIGSTOPped server.

// Prisma: can't reach, timed out, operations timed out, server closed the connection, no pool slot.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// Connecting failed (missing socket file, nothing listening, reset, unreachable).
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOENT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATE: connection exceptions (class 08), shutting down / starting up (57P0x), too many
// connections. A statement timeout (57014) is not an outage: see isStatementTimeout.
const SQLSTATE = /^(08...|57P0[1-4]|53300)$/;
const STATEMENT_TIMEOUT = "57014";
const LOCK_NOT_AVAILABLE = "55P03";
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// node-postgres's and Prisma's wording for the same conditions, where they give no code.
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Unable to start a transaction in the given time|Can't reach database server|Server has closed the connection|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

type Shape = { name?: unknown; code?: unknown; syscall?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } };

export function isDatabaseUnavailable(e: unknown): boolean {
  if (!e || typeof e !== "object") return false;
  const err = e as Shape;
  const code = typeof err.code === "string" ? err.code : "";
  if (typeof err.message === "string" && MESSAGES.test(err.message)) return true;
  if (SQLSTATE.test(code) && "severity" in err) return true; // a PostgreSQL error from node-postgres
  const prisma = typeof err.name === "string" && err.name.startsWith("PrismaClient");
  if (prisma) {
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code)) return true;
    const cause = err.meta?.driverAdapterError?.cause;
    if (cause && (ADAPTER_KINDS.has(String(cause.kind)) || SQLSTATE.test(String(cause.originalCode ?? "")))) return true;
  }
  // A raw socket error from connecting (node's fetch wraps its own, so this one is the pool's).
  return SOCKET_CODES.has(code) && err.syscall === "connect";
}

/**
 * Whether PostgreSQL cancelled a statement for running past statement_timeout (SQLSTATE 57014).
 * The database answered: it is a slow query or a lock wait, perhaps a fault of ours, so it is
 * reported as what it is rather than as the database being unreachable.
 */
export function isStatementTimeout(e: unknown): boolean {
  return hasSqlState(e, STATEMENT_TIMEOUT);
}

/** Whether PostgreSQL refused to wait longer for a lock: lock_timeout passed (SQLSTATE 55P03). */
export function isLockNotGranted(e: unknown): boolean {
  return hasSqlState(e, LOCK_NOT_AVAILABLE);
}

/** Whether the database answered with this SQLSTATE, raw from node-postgres or through Prisma. */
function hasSqlState(e: unknown, sqlState: string): boolean {
  if (!e || typeof e !== "object") return false;
  const err = e as Shape;
  if (err.code === sqlState && "severity" in err) return true; // raw node-postgres
  const prisma = typeof err.name === "string" && err.name.startsWith("PrismaClient");
  return prisma && String(err.meta?.driverAdapterError?.cause?.originalCode ?? "") === sqlState;
}

// A transaction PostgreSQL rolled back because it collided with another: a deadlock (40P01), a
// serialization failure (40001), a lock not granted under lock_timeout (55P03). Prisma reports the
// first two as P2034. Nothing was saved and the same request can succeed at once.
const CONFLICT_SQLSTATES = new Set(["40P01", "40001", "55P03"]);

/** Whether a write failed only because it collided with another transaction (the caller retries). */
export function isTransientConflict(e: unknown): boolean {
  if (!e || typeof e !== "object") return false;
  const err = e as Shape;
  if (typeof err.code === "string" && CONFLICT_SQLSTATES.has(err.code) && "severity" in err) return true; // raw node-postgres
  const prisma = typeof err.name === "string" && err.name.startsWith("PrismaClient");
  return prisma && (err.code === "P2034" || CONFLICT_SQLSTATES.has(String(err.meta?.driverAdapterError?.cause?.originalCode ?? "")));
}
