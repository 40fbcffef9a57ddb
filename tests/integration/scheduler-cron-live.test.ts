// Going Live with a cron value out of range answers 400 naming the field, not cron-parser's raw
// "got value 8 expected range 0-7"; nothing is scheduled. Saving a Live workflow with one is
// refused the same way (it kept firing on its old schedule while showing the new one).
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { QUEUES } from "@/lib/jobs/queues";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";
import { updateWorkflow } from "@/lib/workflows/update-workflow";
import { db } from "@/lib/db/client";
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

describe("saving a Live Scheduler workflow", () => {
  it("an hour of 25 is refused like going Live, and the workflow keeps its schedule", async () => {
    const wf = await createWorkflow([{ kind: "scheduler", config: { cron: "0 8 * * 1", timezone: "UTC" } }, { kind: "code", config: { code: "return {}" } }], { mode: "draft" });
    const user = await createUser([{ workspaceId: wf.workspaceId, role: "editor" }]);
    await setWorkflowMode({ workflowId: wf.workflowId, userId: user.id, mode: "live" });
    const steps = wf.steps.map((s, i) => (i === 0 ? { ...s, config: { cron: "0 25 * * *", timezone: "UTC" } } : s));
    const e = await updateWorkflow({ workflowId: wf.workflowId, userId: user.id, input: { name: "engine test", steps } }).catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 400, code: "invalid_schedule" });
    expect((e as AppError).message).toBe('step 1 (Scheduler): the hour (2nd field, "25") takes 0–23: 25 is not allowed');
    const stored = await db().workflow.findUniqueOrThrow({ where: { id: wf.workflowId } });
    expect((stored.steps as { config: { cron: string } }[])[0].config.cron).toBe("0 8 * * 1");
  });
});
