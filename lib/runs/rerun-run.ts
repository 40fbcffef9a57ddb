// Run again: a new run of the workflow as it is now, fed with an earlier run's trigger output
// (the posted payload exactly, big integers included: copied as jsonb, never through JS), marked
// test like every run a person starts, and allowed in Draft. The run and its job commit together.
// A payload whose secret values were masked when the first run recorded it is replayed masked;
// one retention has cleared (RETENTION_STEP_OUTPUT_DAYS) is refused, saying so. The first run
// started again from a run is recorded on it (rerunRunId), so "Run the stopped runs again"
// (rerun-stopped-runs.ts) does not start a run a push stopped that the client has already run
// again here: that would repeat the delivery's effects (a second ticket, a second isolation).
// From the failed step (`fromFailedStep`): the steps before it that succeeded (or were skipped)
// are copied into the new run as its records, as stored (SQL, so a 64-bit id stays exact), and
// the engine carries on from the failed step as it resumes any run — the PSA ticket step 3 made
// is not made again because step 5 failed on a typo.
import { randomUUID } from "node:crypto";
import { fromPrisma } from "pg-boss";
import { conflict, notFound } from "@/lib/api/errors";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { producer } from "@/lib/jobs/boss";
import { QUEUES, type RunExecutePayload } from "@/lib/jobs/queues";
import { getRun } from "@/lib/runs/get-run";
import { requireRunRole } from "@/lib/runs/require-run-role";
import type { RunView } from "@/lib/runs/to-run-view";
import { isTriggerKind } from "@/lib/steps/catalog";
import { storedSteps } from "@/lib/workflows/stored-steps";

export async function rerunRun({ runId, userId, fromFailedStep = false }: { runId: string; userId: string; fromFailedStep?: boolean }): Promise<RunView> {
  // Started outside the transaction: pg-boss's first start may take a while and must not hold it open.
  const boss = await producer();
  // The workflow (and so this run) deleted at the same moment: the run's 404, as once it is gone.
  return unlessParentGone("workflowId", () => notFound("run"), () => db().$transaction(async (tx) => {
    const source = await tx.run.findUnique({
      where: { id: runId },
      select: { workspaceId: true, status: true, outputsClearedAt: true, workflow: { select: { id: true, workspaceId: true, name: true, steps: true } } },
    });
    if (!source) throw notFound("run");
    await requireRunRole({ userId, workspaceId: source.workspaceId, min: "editor", tx });
    // Replaying the null left behind would start a run with no payload whose steps fail on
    // references with no value, far from the reason.
    if (source.outputsClearedAt) {
      const on = source.outputsClearedAt.toISOString().slice(0, 10);
      const message = `this run's trigger payload was cleared by retention on ${on}, with its step outputs, so there is nothing to run it again with; use Run again on a newer run, or test the workflow with its Testing data`;
      throw conflict("payload_cleared", message, { outputsClearedAt: source.outputsClearedAt.toISOString() });
    }
    const steps = storedSteps(source.workflow);
    const first = steps[0];
    if (!first || !isTriggerKind(first.kind)) throw conflict("trigger_required", "step 1 is not a trigger (Webhook or Scheduler), so there is nothing to run; add one first");
    const resume = fromFailedStep ? await failedStepToResume(tx, runId, source.status, steps) : null;
    // The workflow's row first, as the insert's foreign key would take it (FOR KEY SHARE): a
    // delete under way holds it and then deletes this workflow's runs, so marking the run below
    // before waiting here would deadlock with that delete. Gone once the delete commits: 404.
    const held = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Workflow" WHERE "id" = ${source.workflow.id} FOR KEY SHARE`;
    if (held.length === 0) throw notFound("run");
    // Marked before the insert: the update's row lock holds off the bulk action's claim of this
    // run until this commits, after which that claim finds it run again (a later Run again of it
    // changes nothing: the mark is the first).
    const newId = randomUUID();
    await tx.$executeRaw`UPDATE "Run" SET "rerunRunId" = ${newId} WHERE "id" = ${runId} AND "rerunRunId" IS NULL`;
    const [created] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Run" ("id", "workflowId", "workspaceId", "status", "test", "scope", "trigger")
      SELECT ${newId}, "workflowId", "workspaceId", 'queued', true, 'workflow', "trigger" FROM "Run" WHERE "id" = ${runId}
      RETURNING "id"`;
    if (!created) throw notFound("run"); // deleted since it was read
    if (resume) {
      const note = `output copied from run ${runId}, run again from step ${resume.number}`;
      await tx.$executeRaw`
        INSERT INTO "RunStep" ("runId", "stepId", "number", "kind", "status", "output", "error", "logs", "attempts", "unresolved", "startedAt", "firstStartedAt", "finishedAt")
        SELECT ${newId}, s."stepId", e.n::int, s."kind", s."status", s."output", s."error", json_build_array(${note}::text), s."attempts", s."unresolved", s."startedAt", s."firstStartedAt", s."finishedAt"
          FROM "RunStep" s JOIN unnest(${resume.before}::text[]) WITH ORDINALITY AS e(id, n) ON e.id = s."stepId"
         WHERE s."runId" = ${runId} AND s."status" IN ('succeeded', 'skipped')`;
      // A step before the failed one with nothing to copy was added (or moved there) since: it is
      // run, on the copied outputs, rather than skipped — the step run again may read it (that is
      // often why it was added), and run now it sees the same delivery as the copies. It never ran
      // for this delivery, so this repeats nothing. Pending, so the engine runs it (execute-run).
      const added = `added to the workflow since run ${runId}, so it has no output there to copy: run now, with the outputs copied from that run`;
      await tx.$executeRaw`
        INSERT INTO "RunStep" ("runId", "stepId", "number", "kind", "status", "logs", "attempts")
        SELECT ${newId}, e.id, e.n::int, e.kind, 'pending', json_build_array(${added}::text), 0
          FROM unnest(${resume.before}::text[], ${resume.kinds}::text[]) WITH ORDINALITY AS e(id, kind, n)
         WHERE NOT EXISTS (SELECT 1 FROM "RunStep" c WHERE c."runId" = ${newId} AND c."stepId" = e.id)`;
    }
    const job: RunExecutePayload = { runId: created.id };
    await boss.send(QUEUES.runExecute.name, job, { db: fromPrisma(tx) });
    await recordWorkflowEvent({ workflow: source.workflow, userId, action: "run_rerun", details: { runId: created.id, sourceRunId: runId, ...(resume ? { fromStep: resume.number } : {}) }, tx });
    // Read inside the transaction: the run as created (queued), as the test-run endpoints answer.
    // Read after the commit, a quick worker had sometimes already finished it.
    return getRun({ runId: created.id, userId, tx });
  }));
}

/** The failed run's failed step, as the workflow now numbers it, and the ids of the steps before it. */
async function failedStepToResume(tx: Tx, runId: string, status: string, steps: readonly { id: string; kind: string }[]) {
  if (status !== "failed") throw conflict("run_not_failed", `this run ${status === "succeeded" ? "succeeded" : `is ${status}`}: only a failed run is run again from its failed step; use Run again to run the whole workflow`);
  const failed = await tx.runStep.findFirst({ where: { runId, status: "failed" }, select: { stepId: true, number: true } });
  if (!failed) throw conflict("run_not_failed", "this run has no failed step to run again from (it failed before any step ran); use Run again to run the whole workflow");
  const index = steps.findIndex((s) => s.id === failed.stepId);
  if (index < 0) throw conflict("step_removed", `step ${failed.number}, where this run failed, has since been removed from the workflow, so there is no step to run again from; use Run again to run the whole workflow`);
  // From the trigger: nothing to copy but the payload, which Run again copies anyway.
  return { number: index + 1, before: steps.slice(0, index).map((s) => s.id), kinds: steps.slice(0, index).map((s) => s.kind) };
}
