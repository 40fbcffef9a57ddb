// Going Live with a cron value out of range answers 400 naming the field, not cron-parser's raw
// "got value 8 expected range 0-7"; nothing is scheduled.
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { QUEUES } from "@/lib/jobs/queues";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";
import { createUser } from "../helpers/api-fixtures";
import { createWorkflow, stopTestBoss, testBoss } from "./run-engine-fixtures";

afterAll(() => stopTestBoss());

describe("going Live with a Scheduler cron", () => {
  it("a day of week of 8 is refused with the field named and its range explained", async () => {
    const wf = await createWorkflow([{ kind: "scheduler", config: { cron: "0 0 * * 8", timezone: "UTC" } }], { mode: "draft" });
    const user = await createUser([{ workspaceId: wf.workspaceId, role: "editor" }]);
    const e = await setWorkflowMode({ workflowId: wf.workflowId, userId: user.id, mode: "live" }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ status: 400, code: "invalid_schedule" });
    expect((e as AppError).message).toBe('step 1 (Scheduler): the day of week (5th field, "8") takes 0–7 (0 and 7 are Sunday) or SUN–SAT: 8 is not allowed');
    expect(await (await testBoss()).getSchedules(QUEUES.schedulerFire.name, wf.workflowId)).toEqual([]);
  });
});
