// A crashed worker (kill -9) cannot delete its heartbeat row; a live worker deletes rows not
// refreshed for HEARTBEAT_EXPIRY_SECONDS, so /metrics stops reporting dead workers instead of
// an age that grows forever — and keeps a recent one (a crash stays visible for a while).
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { HEARTBEAT_EXPIRY_SECONDS } from "@/lib/health/record-heartbeat";
import { eventually, startWorker, type Service } from "../helpers/services";

let worker: Service | undefined;
afterAll(async () => {
  await worker?.stop();
  await db().$disconnect();
});

const ago = (s: number) => new Date(Date.now() - s * 1000);

describe("worker heartbeats", () => {
  it("a live worker deletes the rows of workers dead for longer than the expiry window", async () => {
    const dead = `dead:${randomUUID().slice(0, 8)}`;
    const recent = `recent:${randomUUID().slice(0, 8)}`;
    await db().workerHeartbeat.createMany({
      data: [
        { id: dead, hostname: "gone", pid: 1, lastBeatAt: ago(HEARTBEAT_EXPIRY_SECONDS + 60) },
        { id: recent, hostname: "gone", pid: 2, lastBeatAt: ago(60) },
      ],
    });
    worker = await startWorker(); // resolves after its first beat
    await eventually(async () => (await db().workerHeartbeat.count({ where: { id: dead } })) === 0, 15_000, "the dead worker's row to go");
    const rows = await db().workerHeartbeat.findMany({ select: { id: true } });
    expect(rows.map((r) => r.id)).toContain(recent);
    expect(rows.some((r) => r.id.includes(`:${worker!.proc.pid}:`))).toBe(true);
  });
});
