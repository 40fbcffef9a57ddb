// verifySecretKey's rules: a new database adopts the first key; a database from before the check
// adopts the key only when that key decrypts what is stored; another key is refused while the
// database holds encrypted secrets and taken (with a warn line) while it holds none; two
// processes adopting two keys at once cannot both win.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { databaseUrl, env } from "@/lib/env";
import { logger } from "@/lib/log";
import { encryptSecret } from "@/lib/secrets/crypto";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";

const newKey = () => randomBytes(32);
const MISMATCH = /^SECRET_KEY does not match the key this database's secrets were encrypted with/;

beforeEach(async () => {
  await db().secretKeyCheck.deleteMany();
  await db().workspace.deleteMany();
});

afterAll(async () => {
  await db().$disconnect();
});

async function storeSecret(): Promise<void> {
  const ws = await db().workspace.create({ data: { name: "Keyed", kind: "provider" } });
  // Encrypted with this process's SECRET_KEY.
  await db().variable.create({ data: { workspaceId: ws.id, key: "APIKEY", secret: true, valueEncrypted: encryptSecret("s3cret-value") } });
}

/** Two verifications that read the key check at the same moment: both are held at their first
 *  read (a table lock the read waits on) until both wait there, then let go together. Started
 *  one after the other instead, the second would read the check the first just stored and, with
 *  nothing encrypted yet, take over by the rule for a trial key (README, Secret key): a race the
 *  test's timing decided, which failed CI once. */
async function atTheSameMoment(keys: [Buffer, Buffer]) {
  const holder = new pg.Client({ connectionString: databaseUrl() });
  await holder.connect();
  try {
    await holder.query(`BEGIN; LOCK TABLE "SecretKeyCheck" IN EXCLUSIVE MODE`);
    const both = Promise.allSettled(keys.map((secret) => verifySecretKey({ db: db(), secret })));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await holder.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'SecretKeyCheck' AND NOT l.granted`,
      );
      if (rows[0].n >= 2) break;
      if (Date.now() > deadline) throw new Error("the two verifications never both waited on the key check");
      await new Promise((r) => setTimeout(r, 20));
    }
    await holder.query("COMMIT");
    return await both;
  } finally {
    await holder.end();
  }
}

describe("verifySecretKey", () => {
  it("adopts the first key of a database, then, once it holds secrets, accepts only that key", async () => {
    const key = env().SECRET_KEY;
    expect(await verifySecretKey({ db: db(), secret: key })).toBe("adopted");
    expect(await verifySecretKey({ db: db(), secret: key })).toBe("matched");
    await storeSecret();
    await expect(verifySecretKey({ db: db(), secret: newKey() })).rejects.toThrow(MISMATCH);
    // The stored check is no form of the key.
    const row = await db().secretKeyCheck.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.hmac).not.toContain(key.toString("hex"));
    expect(row.hmac).not.toContain(key.toString("base64url"));
  });

  it("never adopts for an operator command (adopt: false), even where nothing is encrypted", async () => {
    const key = env().SECRET_KEY;
    expect(await verifySecretKey({ db: db(), secret: key })).toBe("adopted");
    await expect(verifySecretKey({ db: db(), secret: newKey(), adopt: false })).rejects.toThrow(MISMATCH);
    expect(await verifySecretKey({ db: db(), secret: key })).toBe("matched");
    // No check stored yet: nothing is stored by it either.
    await db().secretKeyCheck.deleteMany();
    expect(await verifySecretKey({ db: db(), secret: newKey(), adopt: false })).toBe("matched");
    expect(await db().secretKeyCheck.count()).toBe(0);
  });

  it("refuses, on a database from before the check, a key that cannot decrypt its secrets, and stores nothing", async () => {
    await storeSecret();
    await expect(verifySecretKey({ db: db(), secret: newKey() })).rejects.toThrow(MISMATCH);
    expect(await db().secretKeyCheck.count()).toBe(0);
    expect(await verifySecretKey({ db: db(), secret: env().SECRET_KEY })).toBe("adopted");
  });

  // A trial start generated .data/secret-key; the deployment brings SECRET_KEY from a secret
  // manager to the same database, which holds no secrets yet: nothing to lose, the new key wins.
  it("adopts a different key while the database holds no encrypted secrets, and keeps it", async () => {
    const trial = newKey();
    const deployed = env().SECRET_KEY;
    expect(await verifySecretKey({ db: db(), secret: trial })).toBe("adopted");
    await db().workspace.create({ data: { name: "No secrets yet", kind: "provider" } });
    expect(await verifySecretKey({ db: db(), secret: deployed })).toBe("adopted");
    expect(await verifySecretKey({ db: db(), secret: deployed })).toBe("matched");
    await storeSecret(); // under the deployed key
    await expect(verifySecretKey({ db: db(), secret: trial })).rejects.toThrow(MISMATCH);
  });

  // As the README says: the previous key is refused only once a secret is stored under the new
  // one; until then it is taken back by the same rule, with the same warn line, which says so.
  it("takes the previous key back while nothing is encrypted yet, saying when it stops being taken", async () => {
    const trial = newKey();
    const deployed = env().SECRET_KEY;
    expect(await verifySecretKey({ db: db(), secret: trial })).toBe("adopted");
    const warn = vi.spyOn(logger(), "warn");
    expect(await verifySecretKey({ db: db(), secret: deployed })).toBe("adopted");
    expect(await verifySecretKey({ db: db(), secret: trial })).toBe("adopted");
    const lines = warn.mock.calls.map((c) => String(c.find((a) => typeof a === "string")));
    warn.mockRestore();
    expect(lines).toEqual(
      Array(2).fill(
        "SECRET_KEY is not the key this database first stored a check of, but the database holds no encrypted secrets: this key is adopted; the previous one is refused once a secret is stored under this one",
      ),
    );
    expect(await verifySecretKey({ db: db(), secret: deployed })).toBe("adopted");
    await storeSecret(); // under the deployed key
    await expect(verifySecretKey({ db: db(), secret: trial })).rejects.toThrow(MISMATCH);
  });

  it("lets exactly one of two new keys taking over a secret-less database at the same moment win", async () => {
    expect(await verifySecretKey({ db: db(), secret: newKey() })).toBe("adopted");
    const results = await atTheSameMoment([newKey(), newKey()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(String((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason)).toMatch(/SECRET_KEY does not match/);
  });

  it("lets exactly one of two keys adopted at the same moment win", async () => {
    const results = await atTheSameMoment([newKey(), newKey()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/SECRET_KEY does not match/);
  });

  it("works on a connection of its own when given none (the web and worker entry points)", async () => {
    expect(await verifySecretKey()).toBe("adopted");
    expect(await verifySecretKey()).toBe("matched");
  });
});
