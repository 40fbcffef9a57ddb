// A web server or worker that cannot start says why in one line: a database refusing the login
// or the database named in DATABASE_URL is named as that setting with PostgreSQL's own words
// (Prisma's five lines of "Invalid `prisma.$queryRaw()` invocation … Code: `28P01`" never said
// which setting), and never with the password.
import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/env";
import { startFailureMessage } from "@/lib/start-up-failure";

// The shape Prisma 7's pg adapter throws for a refused connection (recorded against PostgreSQL).
function prismaRefusal(code: string, message: string, kind: string): Error {
  const e = new Error(`\nInvalid \`prisma.$queryRaw()\` invocation:\n\n\nRaw query failed. Code: \`${code}\`. Message: \`${message}\``);
  return Object.assign(e, {
    name: "PrismaClientKnownRequestError",
    code: "P2010",
    meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: code, originalMessage: message, kind } } },
  });
}

describe("start-up failure line", () => {
  it.each([
    ["28P01", 'password authentication failed for user "postgres"', "AuthenticationFailed"],
    ["28000", 'no pg_hba.conf entry for host "10.0.0.5", user "flow", database "flow", no encryption', "AuthenticationFailed"],
    ["3D000", 'database "nosuchdb" does not exist', "DatabaseDoesNotExist"],
  ])("names DATABASE_URL and PostgreSQL's message for a refused login (%s)", (code, message, kind) => {
    const line = startFailureMessage("web", prismaRefusal(code, message, kind));
    expect(line).toBe(`web failed to start: DATABASE_URL: the database refused the connection: ${message} (SQLSTATE ${code})`);
    expect(line).not.toContain("\n");
    expect(line).not.toContain("prisma");
  });

  it("reads node-postgres's error the same way (pg-boss connects with it)", () => {
    const e = Object.assign(new Error('password authentication failed for user "flow"'), { code: "28P01", severity: "FATAL" });
    expect(startFailureMessage("worker", e)).toBe('worker failed to start: DATABASE_URL: the database refused the connection: password authentication failed for user "flow" (SQLSTATE 28P01)');
  });

  it("keeps other failures as they were, on one line", () => {
    expect(startFailureMessage("web", new ConfigError("PORT: must be a whole number in decimal digits, e.g. 8"))).toBe("web failed to start: PORT: must be a whole number in decimal digits, e.g. 8");
    expect(startFailureMessage("web", new Error("cannot listen on PORT 80: listen EACCES: permission denied 0.0.0.0:80"))).toBe(
      "web failed to start: cannot listen on PORT 80: listen EACCES: permission denied 0.0.0.0:80",
    );
    // Another Prisma failure: its last line (the database's words), not the call it quotes first.
    const other = prismaRefusal("42P01", 'relation "SecretKeyCheck" does not exist', "TableDoesNotExist");
    expect(startFailureMessage("worker", other)).toBe('worker failed to start: Raw query failed. Code: `42P01`. Message: `relation "SecretKeyCheck" does not exist`');
  });

  it("is one line whatever it quotes: a thrown string or a database message over several lines", () => {
    expect(startFailureMessage("web", "listen failed:\n  EADDRINUSE\r\n  port 3000")).toBe("web failed to start: listen failed: EADDRINUSE port 3000");
    const refusal = prismaRefusal("28000", 'no pg_hba.conf entry for host "10.0.0.5"\nHINT:  check pg_hba.conf', "AuthenticationFailed");
    expect(startFailureMessage("worker", refusal)).toBe('worker failed to start: DATABASE_URL: the database refused the connection: no pg_hba.conf entry for host "10.0.0.5" HINT:  check pg_hba.conf (SQLSTATE 28000)');
  });
});
