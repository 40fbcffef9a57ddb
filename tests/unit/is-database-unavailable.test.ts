// The error shapes a database outage takes (recorded against a stopped and a SIGSTOPped
// PostgreSQL through Prisma + @prisma/adapter-pg), and faults that must stay 500s.
import { describe, expect, it, vi } from "vitest";
import { errorResponse } from "@/lib/api/handler";
import { isDatabaseUnavailable, isStatementTimeout, isTransientConflict } from "@/lib/db/is-database-unavailable";
import { logger } from "@/lib/log";

const prismaError = (code: string, meta?: unknown, message = "Invalid `prisma.user.findFirst()` invocation:\n\n→ 1 …\n\nboom") =>
  Object.assign(new Error(message), { name: "PrismaClientKnownRequestError", code, meta });
const socketError = (code: string, syscall = "connect") => Object.assign(new Error(`${syscall} ${code} /tmp/x/.s.PGSQL.5432`), { code, syscall, errno: -2 });

const statementTimeout = () =>
  prismaError("P2010", { driverAdapterError: { cause: { kind: "postgres", originalCode: "57014" } } }, "canceling statement due to statement timeout");

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a missing Unix socket (stopped server), via Prisma", prismaError("ENOENT", { modelName: "User" })],
    ["a missing Unix socket, raw from a transaction's connect", socketError("ENOENT")],
    ["nothing listening", socketError("ECONNREFUSED")],
    ["Prisma: can't reach the server", prismaError("P1001")],
    ["Prisma: no connection from the pool in time", prismaError("P2024")],
    ["a pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a client connect timeout", new Error("Connection terminated due to connection timeout")],
    ["a connection dropped mid-query", new Error("Connection terminated unexpectedly")],
    ["a client-side query timeout", new Error("Query read timeout")],
    ["a transaction that could not start", prismaError("P2028", {}, "Transaction API error: Unable to start a transaction in the given time.")],
    ["the server shutting down", prismaError("P2010", { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } })],
    ["the adapter's not-reachable kind", prismaError("P2010", { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } })],
    ["a raw PostgreSQL error: too many connections", Object.assign(new Error("sorry, too many clients already"), { code: "53300", severity: "FATAL" })],
  ])("%s: yes", (_, e) => expect(isDatabaseUnavailable(e)).toBe(true));

  it.each([
    ["a unique violation", prismaError("P2002")],
    ["a record not found", prismaError("P2025")],
    ["a statement timeout (the database answered: a slow query, not an outage)", statementTimeout()],
    ["a syntax error from the database", prismaError("P2010", { driverAdapterError: { cause: { kind: "postgres", originalCode: "42601" } } })],
    ["a file that does not exist", Object.assign(new Error("ENOENT: no such file"), { code: "ENOENT", syscall: "open" })],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["a string", "nope"],
    ["nothing", undefined],
  ])("%s: no", (_, e) => expect(isDatabaseUnavailable(e)).toBe(false));
});

describe("a statement timeout", () => {
  it("is told apart from an outage, in Prisma's shape and node-postgres's", () => {
    expect(isStatementTimeout(statementTimeout())).toBe(true);
    expect(isStatementTimeout(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014", severity: "ERROR" }))).toBe(true);
    expect(isStatementTimeout(prismaError("P1001"))).toBe(false);
    expect(isStatementTimeout(prismaError("P2010", { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } }))).toBe(false);
  });

  it("answers 503 saying the statement timed out, logged as an error (not as the database being unreachable)", async () => {
    const warn = vi.spyOn(logger(), "warn");
    const error = vi.spyOn(logger(), "error");
    const res = errorResponse(statementTimeout());
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const body = await res.json();
    expect(body).toMatchObject({ error: "temporarily_unavailable" });
    expect(body.message).toMatch(/^statement timed out/);
    expect(body.message).not.toMatch(/cannot reach|unavailable/);
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ component: "api" }), expect.stringMatching(/^statement timed out/));
  });
});

describe("a write that collided with another transaction", () => {
  it.each([
    ["Prisma's write conflict or deadlock", prismaError("P2034", {}, "Transaction failed due to a write conflict or a deadlock. Please retry your transaction")],
    ["a deadlock through the adapter", prismaError("P2010", { driverAdapterError: { cause: { kind: "postgres", originalCode: "40P01" } } }, "deadlock detected")],
    ["a serialization failure, raw", Object.assign(new Error("could not serialize access due to concurrent update"), { code: "40001", severity: "ERROR" })],
    ["a lock not granted under lock_timeout, raw", Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03", severity: "ERROR" })],
  ])("%s: a conflict, not an outage", (_, e) => {
    expect(isTransientConflict(e)).toBe(true);
    expect(isDatabaseUnavailable(e)).toBe(false);
  });

  it.each([
    ["a unique violation", prismaError("P2002")],
    ["a statement timeout", statementTimeout()],
    ["an outage", prismaError("P1001")],
    ["a bare error with a conflict's code but not from PostgreSQL", Object.assign(new Error("x"), { code: "40P01" })],
  ])("%s: no", (_, e) => expect(isTransientConflict(e)).toBe(false));

  it("answers 503 with Retry-After 1, logged as a warning", async () => {
    const warn = vi.spyOn(logger(), "warn");
    const res = errorResponse(prismaError("P2034"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toMatchObject({ error: "temporarily_unavailable", message: expect.stringContaining("was not saved; send it again") });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ component: "api" }), expect.stringMatching(/collided with another transaction/));
  });
});

describe("an outage", () => {
  it("answers 503 and logs one warn line with the cause and no stack (an expected condition, logged per request)", async () => {
    vi.restoreAllMocks(); // the spies above saw other answers
    const warn = vi.spyOn(logger(), "warn");
    const error = vi.spyOn(logger(), "error");
    const res = errorResponse(prismaError("P1001", {}, "Invalid `prisma.user.findFirst()` invocation:\n\nCan't reach database server at `localhost:5432`"));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "temporarily_unavailable", message: expect.stringMatching(/^database unavailable/) });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, msg] = warn.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(msg).toBe("database unavailable: answered 503");
    expect(fields).toEqual({ component: "api", err: "Can't reach database server at `localhost:5432`" });
    expect(fields).not.toHaveProperty("stack");
  });
});
