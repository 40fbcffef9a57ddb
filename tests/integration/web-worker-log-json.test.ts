// The web server's and the worker's own lines are JSON on stdout (README, Logs), start-up
// failures included: a database that refuses the login is one line naming DATABASE_URL and
// PostgreSQL's words, never the password (it was five lines of Prisma internals, on stderr).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startWeb } from "@/tests/helpers/services";
import { runScript } from "@/tests/helpers/run-script";
import { freePort } from "@/lib/db/embedded-postgres";

type Line = { level?: string; msg?: string; component?: string };
const jsonLines = (text: string) => text.split("\n").filter((l) => l.trim()).map((l) => {
  try {
    return JSON.parse(l) as Line;
  } catch {
    throw new Error(`not a JSON line: ${l}`);
  }
});

describe("start-up against a database that refuses the login", () => {
  const url = new URL(process.env.DATABASE_URL!);
  const wrong = (change: (u: URL) => void) => {
    const u = new URL(url);
    change(u);
    return u.toString();
  };

  it.each([
    ["web", "server.ts", "a wrong password", wrong((u) => (u.password = "not-the-password-x9")), /password authentication failed for user "postgres" \(SQLSTATE 28P01\)$/],
    ["worker", "worker/index.ts", "a wrong password", wrong((u) => (u.password = "not-the-password-x9")), /password authentication failed for user "postgres" \(SQLSTATE 28P01\)$/],
    ["web", "server.ts", "a database that does not exist", wrong((u) => (u.pathname = "/no_such_db_f11")), /database "no_such_db_f11" does not exist \(SQLSTATE 3D000\)$/],
  ])("%s with %s: exits 1 with one JSON line naming DATABASE_URL", async (component, script, _what, databaseUrl, said) => {
    const r = await runScript(script, [], { DATABASE_URL: databaseUrl, PORT: String(await freePort()), NODE_ENV: "production" }, 60_000);
    expect(r.code, r.out).toBe(1);
    expect(r.stderr.trim(), r.out).toBe("");
    const lines = jsonLines(r.stdout);
    expect(lines, r.out).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "fatal", component, msg: expect.stringMatching(new RegExp(`^${component} failed to start: DATABASE_URL: the database refused the connection: `)) });
    expect(lines[0].msg).toMatch(said);
    expect(r.out).not.toContain("not-the-password-x9");
    expect(r.out).not.toContain(url.password);
  });

  // LOG_LEVEL=silent turns off the logs, not the one line saying why the process exited 1: it
  // exited without a word.
  it.each([
    ["web", "server.ts"],
    ["worker", "worker/index.ts"],
  ])("%s under LOG_LEVEL=silent still writes its fatal line", async (component, script) => {
    const databaseUrl = wrong((u) => (u.password = "not-the-password-x9"));
    const r = await runScript(script, [], { DATABASE_URL: databaseUrl, PORT: String(await freePort()), NODE_ENV: "production", LOG_LEVEL: "silent" }, 60_000);
    expect(r.code, r.out).toBe(1);
    const lines = jsonLines(r.stdout);
    expect(lines, r.out).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "fatal", component, msg: `${component} failed to start: DATABASE_URL: the database refused the connection: password authentication failed for user "${url.username}" (SQLSTATE 28P01)` });
  });

  // `npm run dev`'s launcher (`npm start`'s, without the build) checks the database before it
  // starts anything: its [start] line names the setting as the processes' fatal lines do, on one
  // line (it gave pg's bare words, and a Prisma error's five lines as they came).
  it("npm start's launcher says it in one [start] line naming DATABASE_URL, under LOG_LEVEL=silent too", async () => {
    const databaseUrl = wrong((u) => (u.password = "not-the-password-x9"));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "start-refused-"));
    try {
      const r = await runScript("scripts/start.ts", ["--dev"], { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: "silent" }, 60_000);
      expect(r.code, r.out).toBe(1);
      expect(r.stderr.trim().split("\n"), r.out).toEqual([
        `[start] MSP Flow failed to start: DATABASE_URL: the database refused the connection: password authentication failed for user "${url.username}" (SQLSTATE 28P01)`,
      ]);
      expect(r.out).not.toContain("not-the-password-x9");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the web server's own lines", () => {
  it("are JSON from start to stop: the listen line among them", async () => {
    const web = await startWeb();
    await web.stop();
    // Next prints its config-load line itself (README, Logs): the only plain one.
    const ours = web.output().split("\n").filter((l) => l.trim() && !/^\s*✓ Running next\.config\.ts took /.test(l));
    const lines = jsonLines(ours.join("\n"));
    expect(lines).toContainEqual(expect.objectContaining({ level: "info", component: "web", msg: expect.stringMatching(/^web listening on http:\/\/localhost:\d+ \(every interface\) \(production\)$/) }));
  });
});
