// An operator command pointed at a DATA_DIR with no embedded PostgreSQL (a typo, the wrong
// folder) says so and changes nothing. user:reset-password created an empty cluster and a
// postgres-password there, then failed with Prisma's "The table public.User does not exist";
// secret-key:rotate opened the database the same way.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScript } from "@/tests/helpers/run-script";

const parent = mkdtempSync(path.join(os.tmpdir(), "operator-nothing-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const KEY = "11".repeat(32);
const COMMANDS: [string, string[], Record<string, string>][] = [
  ["scripts/reset-password.ts", ["owner@example.com"], {}],
  ["scripts/rotate-secret-key.ts", [], { SECRET_KEY: KEY, NEW_SECRET_KEY: "22".repeat(32) }],
];

describe("operator commands on a DATA_DIR without a database", () => {
  it.each(COMMANDS)("%s names the folder, exits 1 and creates nothing", async (script, args, env) => {
    for (const existing of [false, true]) {
      const dataDir = path.join(parent, `${path.basename(script, ".ts")}-${existing ? "empty" : "missing"}`);
      if (existing) mkdirSync(dataDir); // an empty folder stays empty
      const r = await runScript(script, args, { DATABASE_URL: undefined, SECRET_KEY: undefined, DATA_DIR: dataDir, ...env }, 60_000);
      expect(r.stderr.trim(), r.out).toBe(
        `Configuration error: there is no embedded PostgreSQL in ${path.join(dataDir, "postgres")} (is DATA_DIR right? Or set DATABASE_URL for a PostgreSQL of your own); nothing was changed`,
      );
      expect(r.code).toBe(1);
      expect(existing ? readdirSync(dataDir) : existsSync(dataDir)).toEqual(existing ? [] : false);
    }
  });
});
