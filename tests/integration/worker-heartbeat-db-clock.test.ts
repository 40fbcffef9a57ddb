// A worker's heartbeat is stamped with the database's clock, the clock its expiry compares with:
// a worker host whose clock is behind by more than the expiry window would otherwise write
// lastBeatAt already "expired", and every other worker's beat would delete its row.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { HEARTBEAT_EXPIRY_SECONDS, recordHeartbeat } from "@/lib/health/record-heartbeat";

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await db().$disconnect();
});

const dbNow = async () => (await db().$queryRaw<{ now: Date }[]>`SELECT (now() AT TIME ZONE 'UTC')::timestamp(3) AS now`)[0].now;

describe("worker heartbeat clock", () => {
  it("a worker whose clock is behind keeps its row: lastBeatAt is the database's now", async () => {
    const behind = { id: "behind:1", hostname: "slow-clock", pid: 101 };
    const onTime = { id: "ontime:1", hostname: "good-clock", pid: 102 };
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - (HEARTBEAT_EXPIRY_SECONDS + 600) * 1000);
    await recordHeartbeat(behind); // the first beat creates the row
    await recordHeartbeat(behind); // later ones update it
    vi.useRealTimers();
    await recordHeartbeat(onTime); // another worker's beat expires stale rows

    const now = await dbNow();
    const row = await db().workerHeartbeat.findUnique({ where: { id: behind.id } });
    expect(row).not.toBeNull();
    expect(Math.abs(row!.lastBeatAt.getTime() - now.getTime())).toBeLessThan(60_000);
    expect(Math.abs(row!.startedAt.getTime() - now.getTime())).toBeLessThan(60_000);
  });
});
