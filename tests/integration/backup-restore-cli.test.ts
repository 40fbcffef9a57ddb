// npm run db:backup and db:restore on an embedded PostgreSQL of their own, as an operator meets
// them: a backup taken while the database is written to restores, in another DATA_DIR, to the
// moment the backup ended — every row committed before it began, nothing written after it, no
// gap — with the service's data and secrets, and the restored database takes writes. Restoring
// over existing data keeps that data beside it; a running server, a damaged file, a DATA_DIR
// without a database and DATABASE_URL are refused, changing nothing. Restored onto a fresh
// DATA_DIR, it says to bring the backup's key, and npm start refuses without generating one.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate";
import { parseSecretKey } from "@/lib/env";
import { decryptSecret, encryptSecret } from "@/lib/secrets/crypto";
import { keyCheck } from "@/lib/secrets/verify-secret-key";
import { runScript } from "@/tests/helpers/run-script";

const scratch = mkdtempSync(path.join(os.tmpdir(), "mspflow-backup-"));
chmodSync(scratch, 0o755); // PostgreSQL runs as the postgres user when we are root
const dataDir = (name: string) => path.join(scratch, name);
const servers: RunningPostgres[] = [];
const key = randomBytes(32).toString("hex");

// The embedded database of DATA_DIR, not the test file's DATABASE_URL, unless a test gives one.
const cli = (script: string, env: Record<string, string>, ...args: string[]) => runScript(script, args, { SECRET_KEY: key, DATABASE_URL: undefined, ...env });

async function start(dir: string): Promise<RunningPostgres> {
  const s = await startEmbeddedPostgres({ dataDir: dir, database: "app" });
  servers.push(s);
  return s;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await Promise.allSettled(servers.map((s) => s.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

describe("npm run db:backup / db:restore", () => {
  it("a backup taken under writes restores elsewhere to the moment it ended, with the service's data and secrets", async () => {
    const a = dataDir("a");
    const server = await start(a);
    await migrateDatabase({ url: server.url });
    const db = createDb(server.url, 2);
    const ws = await db.workspace.create({ data: { name: "Backed up", kind: "provider" } });
    await db.variable.create({ data: { workspaceId: ws.id, key: "API_KEY", secret: true, valueEncrypted: encryptSecret("kept-secret", parseSecretKey(key)) } });
    await db.$disconnect();

    // One writer, one row per commit: the restored ids must be 1..n without a gap.
    const writer = new pg.Client({ connectionString: server.url });
    await writer.connect();
    await writer.query("CREATE TABLE probe (id serial PRIMARY KEY, pad text)");
    let lastCommitted = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) lastCommitted = (await writer.query<{ id: number }>("INSERT INTO probe (pad) VALUES (repeat('x', 200)) RETURNING id")).rows[0].id;
    })();
    while (lastCommitted < 200) await new Promise((r) => setTimeout(r, 20));
    const beforeBackup = lastCommitted;

    const file = path.join(scratch, "backup.tar.gz");
    const backup = await cli("scripts/db-backup.ts", { DATA_DIR: a }, file);
    const afterBackup = lastCommitted;
    writing = false;
    await writes;
    await writer.query("INSERT INTO probe (pad) VALUES ('after the backup')");
    await writer.end();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backup written: .*backup\.tar\.gz \([\d.]+ MB, \d+ files and \d+ WAL segments/);
    expect(backup.out).toContain("It does not hold the secret key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(scratch).filter((n) => n.endsWith(".partial"))).toEqual([]);
    expect(afterBackup).toBeGreaterThan(beforeBackup); // the writes went on during the backup

    const b = dataDir("b");
    const restore = await cli("scripts/db-restore.ts", { DATA_DIR: b }, file);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/Restored the backup made at \d{4}-/);
    const restored = await start(b);
    const [{ n, max }] = await query<{ n: string; max: number }>(restored.url, "SELECT count(*) AS n, max(id) AS max FROM probe");
    expect(max).toBeGreaterThanOrEqual(beforeBackup);
    expect(max).toBeLessThanOrEqual(afterBackup);
    expect(Number(n)).toBe(max);
    expect(await query(restored.url, "SELECT 1 FROM probe WHERE pad = 'after the backup'")).toEqual([]);
    const [variable] = await query<{ valueEncrypted: string }>(restored.url, `SELECT "valueEncrypted" FROM "Variable" WHERE "workspaceId" = $1`, [ws.id]);
    expect(decryptSecret(variable.valueEncrypted, parseSecretKey(key))).toBe("kept-secret");
    await query(restored.url, "INSERT INTO probe (pad) VALUES ('written after the restore')");
    await restored.stop();

    // Over existing data, with the server stopped: that data is kept beside, not lost.
    const running = await cli("scripts/db-restore.ts", { DATA_DIR: a }, file);
    expect(running.code).toBe(1);
    expect(running.out).toContain("the embedded PostgreSQL is running");
    await server.stop();
    const over = await cli("scripts/db-restore.ts", { DATA_DIR: a }, file);
    expect(over.code, over.out).toBe(0);
    const kept = readdirSync(a).find((d) => d.startsWith("postgres.before-restore-"));
    expect(kept).toBeDefined();
    expect(over.out).toContain(`The data it replaced is kept in ${path.join(a, kept!)}`);
    expect(existsSync(path.join(a, kept!, "PG_VERSION"))).toBe(true);
    const again = await start(a);
    expect(await query(again.url, "SELECT 1 FROM probe WHERE pad = 'after the backup'")).toEqual([]);
    await again.stop();
  });

  it("names the key to keep only when it is the database's, and makes no key file", async () => {
    const c = dataDir("keys");
    const server = await start(c);
    await migrateDatabase({ url: server.url });
    await query(server.url, `INSERT INTO "SecretKeyCheck" (id, hmac) VALUES (1, $1)`, [keyCheck(parseSecretKey(key))]);
    const file = (n: string) => path.join(scratch, `advice-${n}.tar.gz`);

    const right = await cli("scripts/db-backup.ts", { DATA_DIR: c }, file("right"));
    expect(right.code, right.out).toBe(0);
    expect(right.out).toContain("keep your SECRET_KEY (the one in this shell is the database's) with it");

    // The service takes SECRET_KEY from its environment; this shell has another, or none.
    const wrong = await cli("scripts/db-backup.ts", { DATA_DIR: c, SECRET_KEY: randomBytes(32).toString("hex") }, file("wrong"));
    expect(wrong.code, wrong.out).toBe(0);
    expect(wrong.out).toContain("the SECRET_KEY in this shell is not the key this database's secrets are encrypted with: keep the key the service runs with");
    const none = await runScript("scripts/db-backup.ts", [file("none")], { SECRET_KEY: undefined, DATABASE_URL: undefined, DATA_DIR: c });
    expect(none.code, none.out).toBe(0);
    expect(none.out).toContain("no key is here (no SECRET_KEY in this shell, no DATA_DIR/secret-key)");
    expect(existsSync(path.join(c, "secret-key"))).toBe(false);

    // A key file that is the database's key is named.
    writeFileSync(path.join(c, "secret-key"), `${key}\n`, { mode: 0o600 });
    const fromFile = await runScript("scripts/db-backup.ts", [file("file")], { SECRET_KEY: undefined, DATABASE_URL: undefined, DATA_DIR: c });
    expect(fromFile.out).toContain(`keep ${path.join(c, "secret-key")} with it`);
    await server.stop();
  });

  it("onto a fresh DATA_DIR: says to bring the backup's key, and npm start refuses without it, generating none", async () => {
    const src = dataDir("keyed");
    const server = await start(src);
    await migrateDatabase({ url: server.url });
    const db = createDb(server.url, 1);
    const ws = await db.workspace.create({ data: { name: "Keyed", kind: "provider" } });
    await db.variable.create({ data: { workspaceId: ws.id, key: "API_KEY", secret: true, valueEncrypted: encryptSecret("kept-secret", parseSecretKey(key)) } });
    await db.secretKeyCheck.create({ data: { id: 1, hmac: keyCheck(parseSecretKey(key)) } });
    await db.$disconnect();
    const file = path.join(scratch, "keyed.tar.gz");
    const backup = await cli("scripts/db-backup.ts", { DATA_DIR: src }, file);
    expect(backup.code, backup.out).toBe(0);
    await server.stop();

    // A new machine: the backup copied over, no key file yet, no SECRET_KEY in the shell.
    const fresh = dataDir("fresh");
    const keyFile = path.join(fresh, "secret-key");
    const noKey = { SECRET_KEY: undefined, DATABASE_URL: undefined, DATA_DIR: fresh };
    const restore = await runScript("scripts/db-restore.ts", [file], noKey);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`${fresh} has no secret-key: before npm start, put the key in use when the backup was made (the one kept with it) in ${keyFile}`);

    const started = await runScript("scripts/start.ts", ["--dev"], noKey);
    expect(started.code, started.out).toBe(1);
    expect(started.out).toContain(`SECRET_KEY is not set and ${keyFile} does not exist, but this database already has a key`);
    expect(started.out).toContain(`put that key in ${keyFile}`);
    expect(started.out).not.toContain("generated into");
    expect(existsSync(keyFile)).toBe(false);

    // The key put in place is named as the backup's (restored again, over the first restore).
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    const withKey = await runScript("scripts/db-restore.ts", [file], noKey);
    expect(withKey.code, withKey.out).toBe(0);
    expect(withKey.out).toContain(`${keyFile} is the backup's key: start the service as before.`);
  });

  it("refuses a damaged or foreign file, and DATABASE_URL, changing nothing", async () => {
    const c = dataDir("c");
    const server = await start(c);
    await query(server.url, "CREATE TABLE marker (v text); INSERT INTO marker VALUES ('original')");
    const file = path.join(scratch, "c.tar.gz");
    const backup = await cli("scripts/db-backup.ts", { DATA_DIR: c }, file);
    expect(backup.code, backup.out).toBe(0);
    await server.stop();

    truncateSync(file, Math.floor(statSync(file).size / 2));
    const damaged = await cli("scripts/db-restore.ts", { DATA_DIR: c }, file);
    expect(damaged.code).toBe(1);
    expect(damaged.out).toContain("nothing was changed");
    const foreign = path.join(scratch, "notes.txt");
    writeFileSync(foreign, "not a backup");
    const notBackup = await cli("scripts/db-restore.ts", { DATA_DIR: c }, foreign);
    expect(notBackup.code).toBe(1);
    expect(notBackup.out).toContain("is not a backup made by npm run db:backup");
    expect(readdirSync(c).sort()).toEqual(["postgres", "postgres-password"]);
    const same = await start(c);
    expect(await query(same.url, "SELECT v FROM marker")).toEqual([{ v: "original" }]);
    expect(readFileSync(path.join(c, "postgres-password"), "utf8")).not.toBe("");
    await same.stop();

    const empty = await cli("scripts/db-backup.ts", { DATA_DIR: dataDir("none") }, path.join(scratch, "none.tar.gz"));
    expect(empty.code).toBe(1);
    expect(empty.out).toContain("Nothing to back up: there is no embedded PostgreSQL in");
    expect(existsSync(dataDir("none"))).toBe(false);

    for (const script of ["scripts/db-backup.ts", "scripts/db-restore.ts"]) {
      const r = await cli(script, { DATA_DIR: c, DATABASE_URL: "postgresql://x@127.0.0.1:1/x" }, file);
      expect(r.code).toBe(2);
      expect(r.out).toContain("DATABASE_URL is set");
    }
  });
});
