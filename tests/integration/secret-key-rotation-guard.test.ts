// A process still running with the key from before a rotation (one the rotation command did not
// see: its sessions were down at that moment, say) refuses to store a secret — 503
// secret_key_rotated, nothing saved — instead of storing one that nothing that starts from now on
// can read; what encrypts nothing still works. A secret write in flight when a rotation starts is
// waited for and re-encrypted with the rest, and a process starting meanwhile waits for the outcome.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { decryptSecret, encryptSecret } from "@/lib/secrets/crypto";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { rotateSecretKey } from "@/lib/secrets/rotate-secret-key";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";
import { startTestServer } from "@/tests/helpers/api-server";
import { holdRow, untilLockWait } from "@/tests/helpers/lock-waits";

beforeAll(() => verifySecretKey({ db: db() }));
afterAll(() => db().$disconnect());
const server = startTestServer();
// The key a test rotated the database to: rotated back after it, whatever the outcome, so that
// each test starts with the key of this process and of its web server.
let away: Buffer | null = null;
afterEach(async () => {
  if (away) await db().$transaction((tx) => rotateSecretKey({ tx, from: away!, to: env().SECRET_KEY }));
  away = null;
});

describe("a process left running with the key from before a rotation", () => {
  it("refuses to store secrets (503 secret_key_rotated, nothing saved) and still stores what is not secret", async () => {
    const { api, t } = server;
    const base = `/api/v1/workspaces/${t.providerA.id}`;
    expect((await api.put(`${base}/variables/BEFORE`, { value: "kept", secret: true })).status).toBe(201);
    const webhook = (sharedSecret?: string) => ({ name: "Hook", steps: [{ kind: "webhook", config: sharedSecret === undefined ? {} : { sharedSecret } }] });
    const unsigned = await api.post(`${base}/workflows`, webhook());
    expect(unsigned.status).toBe(201);

    // The rotation, as the command makes it, while this web process keeps the old key.
    const newKey = randomBytes(32);
    await db().$transaction((tx) => rotateSecretKey({ tx, from: env().SECRET_KEY, to: newKey }));
    away = newKey;

    const refusals = [
      await api.put(`${base}/variables/API_KEY`, { value: "s3cret", secret: true }),
      await api.post(`${base}/connections`, { app: "rmm", name: "RMM", credentials: { apiKey: "rmm-key" } }),
      await api.post(`${base}/workflows`, webhook("hook-secret")),
      await api.put(`/api/v1/workflows/${unsigned.body.id}`, webhook("hook-secret")),
    ];
    for (const r of refusals) {
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body).toMatchObject({ error: "secret_key_rotated", message: expect.stringContaining("restart it with the new SECRET_KEY") });
    }
    expect(await db().variable.count({ where: { workspaceId: t.providerA.id, key: "API_KEY" } })).toBe(0);
    expect(await db().connection.count({ where: { workspaceId: t.providerA.id, name: "RMM" } })).toBe(0);
    expect((await db().workflow.findUniqueOrThrow({ where: { id: unsigned.body.id } })).triggerSecretEncrypted).toBeNull();

    expect((await api.put(`${base}/variables/REGION`, { value: "eu-west" })).status).toBe(201);
    expect((await api.put(`/api/v1/workflows/${unsigned.body.id}`, { name: "Renamed" })).status).toBe(200);
    // The secret stored before the rotation reads with the new key.
    const before = await db().variable.findFirstOrThrow({ where: { workspaceId: t.providerA.id, key: "BEFORE" } });
    expect(decryptSecret(before.valueEncrypted!, newKey)).toBe("kept");
  });

  it("a rotation waits for a secret write in flight, then re-encrypts it too", async () => {
    const ws = await db().workspace.create({ data: { name: "In flight", kind: "provider" } });
    let releaseWrite!: () => void;
    const written = new Promise<void>((r) => (releaseWrite = r));
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const write = db().$transaction(
      async (tx) => {
        await lockSecretKey(tx);
        await tx.variable.create({ data: { workspaceId: ws.id, key: "IN_FLIGHT", secret: true, valueEncrypted: encryptSecret("mid-rotation") } });
        locked();
        await written; // held open while the rotation starts
      },
      { timeout: 30_000 },
    );
    await lockTaken;
    const newKey = randomBytes(32);
    let rotated = false;
    const rotation = db()
      .$transaction((tx) => rotateSecretKey({ tx, from: env().SECRET_KEY, to: newKey }), { timeout: 30_000, maxWait: 30_000 })
      .then(() => (rotated = true));
    // The rotation's FOR UPDATE waits on the write's FOR SHARE: it cannot finish first.
    await untilLockWait();
    expect(rotated).toBe(false);
    releaseWrite();
    await write;
    await rotation;
    away = newKey;
    const row = await db().variable.findFirstOrThrow({ where: { workspaceId: ws.id, key: "IN_FLIGHT" } });
    expect(decryptSecret(row.valueEncrypted!, newKey)).toBe("mid-rotation");
  });

  it("a process starting during a rotation waits for it, then is refused with the old key", async () => {
    // A database without secrets would take any key (verify-secret-key.ts): this one has one.
    const ws = await db().workspace.create({ data: { name: "Starting", kind: "provider" } });
    await db().variable.create({ data: { workspaceId: ws.id, key: "TOKEN", secret: true, valueEncrypted: encryptSecret("t0ken") } });
    const newKey = randomBytes(32);
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    let rotatedInTx!: () => void;
    const inTx = new Promise<void>((r) => (rotatedInTx = r));
    const rotation = db().$transaction(
      async (tx) => {
        await rotateSecretKey({ tx, from: env().SECRET_KEY, to: newKey });
        rotatedInTx();
        await held; // not committed yet
      },
      { timeout: 30_000 },
    );
    await inTx;
    let settled = false;
    const start = verifySecretKey({ db: db(), secret: env().SECRET_KEY }).then(
      () => "started",
      (e: Error) => e.message,
    );
    void start.then(() => (settled = true));
    await untilLockWait();
    expect(settled).toBe(false);
    commit();
    await rotation;
    away = newKey;
    expect(await start).toMatch(/SECRET_KEY does not match the key this database's secrets were encrypted with/);
  });

  it("a secret write waits for a rotation before it locks its workflow, so the two cannot deadlock", async () => {
    const { api, t } = server;
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Ordered", steps: [{ kind: "webhook", config: {} }] });
    expect(made.status).toBe(201);
    // A rotation's order, by hand: the key check first, the rows to reseal after.
    let rowLock: string = "not tried";
    const rotation = await holdRow("SecretKeyCheck", 1);
    const save = api.put(`/api/v1/workflows/${made.body.id}`, { name: "Ordered", steps: [{ id: made.body.steps[0].id, kind: "webhook", config: { sharedSecret: "s" } }] });
    await untilLockWait(); // the save waits on the key check
    rotation.release(async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '3s'`;
      rowLock = await tx.$queryRaw`SELECT id FROM "Workflow" WHERE id = ${made.body.id} FOR UPDATE`.then(
        () => "taken",
        (e: Error) => e.message,
      );
    });
    await rotation.done;
    expect(rowLock).toBe("taken"); // the save held no lock on its workflow meanwhile
    expect((await save).status).toBe(200);
  });
});
