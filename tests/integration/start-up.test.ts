// Start-up as an operator sees it: configuration errors are one clear line, and several
// processes preparing the same database at once neither fail nor seed twice.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function run(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env } });
    let out = "";
    p.stdout.on("data", (c) => (out += c));
    p.stderr.on("data", (c) => (out += c));
    p.on("exit", (code) => resolve({ code, out }));
  });
}

describe("npm start configuration", () => {
  it.each([
    ["SECRET_KEY", "not-a-key", /SECRET_KEY must be 32 bytes/],
    ["PORT", "70000", /^Configuration error: PORT: /m],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres/],
    ["WORKER_CONCURRENCY", "zero", /WORKER_CONCURRENCY/],
    ["WORKER_NICE", "20", /WORKER_NICE/],
    ["LISTEN_HOST", "not a host/", /^Configuration error: LISTEN_HOST: must be an IP address or a host name/m],
    ["HTTP_ALLOWED_PRIVATE_RANGES", "banana", /^Configuration error: HTTP_ALLOWED_PRIVATE_RANGES: "banana" is not a CIDR range/m],
  ])("refuses a malformed %s with one line naming it", async (name, value, pattern) => {
    const { code, out } = await run(["scripts/start.ts"], { [name]: value });
    expect(code).toBe(1);
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toMatch(pattern);
  });
});

describe("preparing one database from several processes at once", () => {
  it("migrates and seeds exactly once", async () => {
    const file = path.join(root, "tests/fixtures/prepare-database.ts");
    // A database with nothing in it yet: the per-file database already has migrations, so drop them.
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
    try {
      const results = await Promise.all([1, 2, 3].map(() => run([file], {})));
      for (const r of results) expect(r.code, r.out).toBe(0);
      const created = results.map((r) => JSON.parse(r.out.trim().split("\n").pop()!).created);
      expect(created.filter(Boolean)).toHaveLength(1);
      const ws = await c.query(`SELECT kind, count(*)::int AS n FROM "Workspace" GROUP BY kind ORDER BY kind`);
      expect(ws.rows).toEqual([{ kind: "provider", n: 1 }, { kind: "client", n: 2 }]);
      const m = await c.query(`SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1 HAVING count(*) > 1`);
      expect(m.rows).toEqual([]);
    } finally {
      await c.end();
    }
  });
});
