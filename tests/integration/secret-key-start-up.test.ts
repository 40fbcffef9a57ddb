// A SECRET_KEY other than the one this database's secrets were encrypted with, as an operator
// meets it: every process that decrypts (db:prepare / the launcher's prepare step, the worker,
// the web server) refuses to start with one line naming SECRET_KEY, instead of running "ready"
// and answering every signed delivery 503 and failing every run that reads a secret. With no key
// at all (no SECRET_KEY, no DATA_DIR/secret-key), a key is generated only for a database that has
// none yet; one that has (a restored backup) is refused saying to bring it, and no file is written.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, db } from "@/lib/db/client";
import { freePort } from "@/lib/db/embedded-postgres";
import { parseSecretKey } from "@/lib/env";
import { encryptSecret } from "@/lib/secrets/crypto";
import { isKeyCheckOf, verifySecretKey } from "@/lib/secrets/verify-secret-key";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs a script to its exit; one that comes up instead (the defect) is stopped and reported. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env } });
    let out = "";
    const onData = (c: Buffer) => {
      out += c;
      if (/worker \S+ started|web listening/.test(out)) p.kill("SIGTERM");
    };
    p.stdout.on("data", onData);
    p.stderr.on("data", onData);
    p.on("exit", (code) => resolve({ code, out }));
  });
}

afterAll(async () => {
  await db().$disconnect();
});

describe("starting with a different SECRET_KEY", () => {
  it("is refused by db:prepare, the worker and the web process, naming SECRET_KEY; the original key starts", async () => {
    const ws = await db().workspace.create({ data: { name: "Keyed", kind: "provider" } });
    await db().variable.create({ data: { workspaceId: ws.id, key: "APIKEY", secret: true, valueEncrypted: encryptSecret("s3cret-value") } });
    const first = await run(["scripts/prepare-db.ts"], {});
    expect(first.code, first.out).toBe(0);

    const otherKey = { SECRET_KEY: randomBytes(32).toString("hex"), PORT: String(await freePort()) };
    for (const script of ["scripts/prepare-db.ts", "worker/index.ts", "server.ts"]) {
      const r = await run([script], otherKey);
      expect(r.out).toMatch(/SECRET_KEY does not match the key this database's secrets were encrypted with/);
      expect(r.code, `${script}: ${r.out}`).toBe(1);
    }

    const again = await run(["scripts/prepare-db.ts"], {});
    expect(again.code, again.out).toBe(0);
  });

  it("with no key anywhere, against a database that has one: refused by db:prepare, the worker and the web process, naming the file to put it in; none is written", async () => {
    await verifySecretKey({ db: db(), secret: parseSecretKey(process.env.SECRET_KEY!) }); // the database has a key check
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "no-key-"));
    const file = path.join(dataDir, "secret-key");
    const noKey = { SECRET_KEY: "", DATA_DIR: dataDir, PORT: String(await freePort()) };
    for (const script of ["scripts/prepare-db.ts", "worker/index.ts", "server.ts"]) {
      const r = await run([script], noKey);
      expect(r.out, script).toContain(`SECRET_KEY is not set and ${file} does not exist, but this database already has a key`);
      expect(r.out, script).toContain(`put that key in ${file}`);
      expect(r.out, script).not.toContain("generated into");
      expect(r.code, `${script}: ${r.out}`).toBe(1);
      expect(existsSync(file), script).toBe(false);
    }
  });

  it("with no key anywhere, against a new database: generates DATA_DIR/secret-key, which the database then checks", async () => {
    const admin = new pg.Client({ connectionString: inject("adminUrl") });
    await admin.connect();
    const name = `t_${process.ppid}_fresh_${randomBytes(6).toString("hex")}`; // dropped with the run's others (tests/setup/global-db.ts)
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDb")}"`);
    await admin.end();
    const url = new URL(inject("adminUrl"));
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "new-key-"));
    const r = await run(["scripts/prepare-db.ts"], { SECRET_KEY: "", DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    expect(r.code, r.out).toBe(0);
    const generated = parseSecretKey(readFileSync(path.join(dataDir, "secret-key"), "utf8"));
    const fresh = createDb(url.toString(), 1);
    try {
      expect(isKeyCheckOf((await fresh.secretKeyCheck.findUnique({ where: { id: 1 } }))?.hmac, generated)).toBe(true);
    } finally {
      await fresh.$disconnect();
    }
  });

  it("is refused on a database that has secrets but no key check yet (one from before the check)", async () => {
    await db().secretKeyCheck.deleteMany(); // as the migration leaves it
    const ws = await db().workspace.create({ data: { name: "Older", kind: "provider" } });
    await db().variable.create({ data: { workspaceId: ws.id, key: "TOKEN", secret: true, valueEncrypted: encryptSecret("older-secret") } });
    const r = await run(["scripts/prepare-db.ts"], { SECRET_KEY: randomBytes(32).toString("hex") });
    expect(r.out).toMatch(/SECRET_KEY does not match the key this database's secrets were encrypted with/);
    expect(r.code, r.out).toBe(1);
  });
});
