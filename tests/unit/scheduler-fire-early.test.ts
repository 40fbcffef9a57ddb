// A Scheduler firing queued a little before its minute (pg-boss allows for clock skew, and so
// does the occurrence it is read as, by a second) waits for that minute: the run's firedAt is
// never before its scheduledFor. (Seen in CI: firedAt 434 ms before the minute.)
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PgBoss } from "pg-boss";

const calls = vi.hoisted(() => [] as number[]);
vi.mock("@/lib/triggers/fire-scheduled-run", () => ({
  fireScheduledRun: async () => {
    calls.push(Date.now()); // its firedAt defaults to this instant
    return { outcome: "created", runId: "r" };
  },
}));

afterEach(() => {
  vi.useRealTimers();
  calls.length = 0;
});

const boss = { getSchedules: async () => [{ cron: "* * * * *", timezone: "UTC", createdOn: new Date(0) }] } as unknown as PgBoss;
const firing = (createdOn: Date) => ({ id: "job", name: "scheduler-fire", data: { workflowId: "wf" }, createdOn });

describe("a Scheduler firing", () => {
  it("queued 400 ms before its minute creates the run at that minute, not before", async () => {
    const { createSchedulerFireHandler } = await import("@/lib/triggers/create-scheduler-fire-handler");
    const minute = Date.parse("2026-11-23T12:00:00.000Z");
    vi.useFakeTimers({ now: minute - 400 });
    const handled = createSchedulerFireHandler({ boss })([firing(new Date(minute - 400))] as never);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await handled;
    expect(calls).toEqual([minute]);
  });

  it("that reads as queued minutes ahead (this worker's clock behind) is held a second at most", async () => {
    const { createSchedulerFireHandler } = await import("@/lib/triggers/create-scheduler-fire-handler");
    const now = Date.parse("2026-11-23T12:00:10.000Z");
    vi.useFakeTimers({ now });
    const handled = createSchedulerFireHandler({ boss })([firing(new Date(now + 5 * 60_000))] as never);
    await vi.advanceTimersByTimeAsync(1_000);
    await handled;
    expect(calls).toEqual([now + 1_000]);
  });

  it("queued after its minute creates the run at once", async () => {
    const { createSchedulerFireHandler } = await import("@/lib/triggers/create-scheduler-fire-handler");
    const at = Date.parse("2026-11-23T12:00:03.000Z");
    vi.useFakeTimers({ now: at });
    await createSchedulerFireHandler({ boss })([firing(new Date(at - 50))] as never);
    expect(calls).toEqual([at]);
  });
});
