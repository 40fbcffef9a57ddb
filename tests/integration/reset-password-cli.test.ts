// npm run user:reset-password against the test database: the printed temporary password signs
// in, must be replaced first, and the account's browser sessions are gone; wrong input is
// refused without touching anything.
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { verifyCredentials } from "@/lib/auth/verify-credentials";
import { createPasswordUser } from "@/tests/helpers/auth-fixtures";
import { runScript } from "@/tests/helpers/run-script";

const run = (...args: string[]) => runScript("scripts/reset-password.ts", args, {}, 60_000);

describe("npm run user:reset-password", () => {
  it("prints a temporary password that must be replaced at the next sign-in, and ends the account's sessions", async () => {
    const user = await createPasswordUser({ password: "forgotten-pw-1" });
    await db().browserSession.create({ data: { userId: user.id, userAgent: "old laptop" } });
    const r = await run(user.email.toUpperCase());
    expect(r.code).toBe(0);
    const password = /Temporary password for \S+: (\S+)/.exec(r.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expect(verifyCredentials({ email: user.email, password: "forgotten-pw-1", clientAddress: null })).rejects.toMatchObject({ status: 401 });
    expect(await verifyCredentials({ email: user.email, password: password!, clientAddress: null })).toMatchObject({ id: user.id, mustChangePassword: true });
    expect(await db().browserSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("suspends the account's API tokens until the new password is chosen, and revokes them with --revoke-tokens", async () => {
    const user = await createPasswordUser({ password: "forgotten-pw-2" });
    const token = () => db().apiToken.create({ data: { userId: user.id, tokenHash: `hash-${Math.random()}` } });
    const kept = await token();
    const plain = await run(user.email);
    // What it says is what the API does: 403 password_change_required, not "still work".
    expect(plain.stdout).toContain("Its API tokens are suspended (403 password_change_required) until the new password is chosen");
    expect(plain.stdout).not.toContain("still work");
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: kept.id } })).revokedAt).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).mustChangePassword).toBe(true);
    await token();
    const revoking = await run(user.email, "--revoke-tokens");
    expect(revoking.code).toBe(0);
    expect(revoking.stdout).toContain("API tokens revoked: 2.");
    expect(await db().apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });

  it("works from a shell without the service's key and leaves no key file behind", async () => {
    const user = await createPasswordUser({ password: "forgotten-pw-3" });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "reset-pw-"));
    const r = await runScript("scripts/reset-password.ts", [user.email], { SECRET_KEY: undefined, DATA_DIR: dataDir }, 60_000);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toMatch(/Temporary password for /);
    expect(existsSync(path.join(dataDir, "secret-key"))).toBe(false);
  });

  it("refuses an unknown e-mail (exit 1), a missing one and an unknown option (exit 2)", async () => {
    const unknown = await run("nobody@example.test");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("no account with the e-mail nobody@example.test");
    const missing = await run();
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("usage: npm run user:reset-password -- <e-mail>");
    const typo = await run("someone@example.test", "--revoke-token");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown option --revoke-token");
  });
});
