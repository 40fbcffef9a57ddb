// A write that PostgreSQL rolls back because it deadlocked with another transaction is a collision
// to retry, not a fault: 503 temporarily_unavailable with Retry-After, nothing saved, and the same
// request succeeds when sent again (it was a 500 "something went wrong on our side").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";
import { startTestServer } from "@/tests/helpers/api-server";
import { holdRow, untilLockWait } from "@/tests/helpers/lock-waits";

beforeAll(() => verifySecretKey({ db: db() }));
afterAll(() => db().$disconnect());
const server = startTestServer();

describe("a write rolled back by a deadlock", () => {
  it("answers 503 temporarily_unavailable with Retry-After, saves nothing, and succeeds when sent again", async () => {
    const { api, t } = server;
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Contended", steps: [{ kind: "webhook", config: {} }] });
    expect(made.status).toBe(201);
    const body = { name: "Contended", steps: [{ id: made.body.steps[0].id, kind: "webhook", config: { sharedSecret: "s" } }] };

    // Another transaction takes the two locks the save takes (the key check, then the workflow's
    // row) in the opposite order. Its deadlock check waits 10 s, the save's 1 s: the save is the
    // one PostgreSQL rolls back.
    // (deadlock_timeout counts only once a session waits: taking the row never does, so it is
    // set just before the key check's wait.)
    const other = await holdRow("Workflow", made.body.id);
    const first = fetch(`${server.web.baseUrl}/api/v1/workflows/${made.body.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${t.editor.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await untilLockWait(); // the save holds the key check and waits for the row
    other.release(async (tx) => {
      await tx.$executeRaw`SET LOCAL deadlock_timeout = '10s'`;
      await tx.$queryRaw`SELECT hmac FROM "SecretKeyCheck" WHERE id = 1 FOR UPDATE`;
    });
    const refused = await first;
    await other.done;
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: "temporarily_unavailable", message: expect.stringContaining("collided with another change") });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await db().workflow.findUniqueOrThrow({ where: { id: made.body.id } })).triggerSecretEncrypted).toBeNull();

    const again = await api.put(`/api/v1/workflows/${made.body.id}`, body);
    expect(again.status).toBe(200);
    expect(again.body.steps[0].config.sharedSecret).toEqual({ set: true });
  });
});
