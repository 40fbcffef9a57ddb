// A SECRET_KEY other than the one this database's secrets were encrypted with, as an operator
// meets it: every process that decrypts (db:prepare / the launcher's prepare step, the worker,
// the web server) refuses to start with one line naming SECRET_KEY, instead of running "ready"
// and answering every signed delivery 503 and failing every run that reads a secret.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { freePort } from "@/lib/db/embedded-postgres";
import { encryptSecret } from "@/lib/secrets/crypto";

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

  it("is refused on a database that has secrets but no key check yet (one from before the check)", async () => {
    await db().secretKeyCheck.deleteMany(); // as the migration leaves it
    const ws = await db().workspace.create({ data: { name: "Older", kind: "provider" } });
    await db().variable.create({ data: { workspaceId: ws.id, key: "TOKEN", secret: true, valueEncrypted: encryptSecret("older-secret") } });
    const r = await run(["scripts/prepare-db.ts"], { SECRET_KEY: randomBytes(32).toString("hex") });
    expect(r.out).toMatch(/SECRET_KEY does not match the key this database's secrets were encrypted with/);
    expect(r.code, r.out).toBe(1);
  });
});
