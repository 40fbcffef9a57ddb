// Test & Debug "Run step" on a step after the trigger: a test run (scope "step") that executes
// only that step, in the worker, against the latest outputs of the earlier steps. Those outputs
// are copied from the newest run that has them into the new run as succeeded step records, so
// the engine reads them exactly as it reads a resumed run's (with no run for step 1, a webhook's
// Testing data is its output, as the trigger's own Run step gives it). The run, its copied
// records and its run-execute job commit together or not at all. Step 1 keeps its own path
// (create-test-run.ts).
import { fromPrisma } from "pg-boss";
import { AppError, conflict, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { toJsonField } from "@/lib/db/to-json-field";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { producer } from "@/lib/jobs/boss";
import { mayHaveRoundedIntegers, parseExactJson } from "@/lib/json/parse-exact-json";
import { QUEUES, type RunExecutePayload } from "@/lib/jobs/queues";
import { describeSteps, pickStepTestSource, requiredEarlierSteps, TESTING_DATA_NOTE } from "@/lib/runs/pick-step-test-source";
import { toRunView, type RunView } from "@/lib/runs/to-run-view";
import { isTriggerKind, STEP_CATALOG } from "@/lib/steps/catalog";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { assertVersionSeen, type SeenWorkflow } from "@/lib/workflows/assert-version-seen";
import { findBranchReferenceErrors } from "@/lib/workflows/branch-references";
import { storedSteps } from "@/lib/workflows/stored-steps";

/** fromRunId: the run to read the earlier outputs from (one being debugged), not the newest that has them. */
export type CreateStepTestRunOptions = { workflowId: string; userId: string; stepNumber: number; seen?: SeenWorkflow; fromRunId?: string; tx?: Tx };

/** How many recent runs are searched for earlier outputs. */
const SOURCE_RUNS = 50;

const json = (v: unknown) => (v === null || v === undefined ? Prisma.JsonNull : toJsonField(v));

export async function createStepTestRun({ workflowId, userId, stepNumber, seen = {}, fromRunId, tx }: CreateStepTestRunOptions): Promise<RunView> {
  // Started outside the transaction: pg-boss's first start may take a while and must not hold it open.
  const boss = await producer();
  const write = async (t: Tx) => {
    const workflow = await loadWorkflow({ workflowId, userId, role: "editor", tx: t });
    const definition = storedSteps(workflow);
    const step = definition[stepNumber - 1];
    // Before "not found": the step the caller meant may be gone because someone saved meanwhile.
    await assertVersionSeen(workflow, seen, t, step && { id: step.id, number: stepNumber });
    if (!step) throw notFound(`step ${stepNumber}`);
    if (stepNumber < 2 || isTriggerKind(step.kind)) {
      throw new AppError(400, "invalid_request", "only steps after the trigger are tested this way; test the trigger with POST …/steps/1/test");
    }
    // The step's own unfinished config is what the technician must fix first: named now (400, as
    // a field the request cannot be run with), not after "test the earlier steps first" or as a
    // failed run. The run engine says the same of a step met in a whole run (execute-step.ts).
    const [unfinished] = findMissingFields(step.kind, step.config);
    if (unfinished) {
      throw new AppError(400, "step_incomplete", `step ${stepNumber} (${STEP_CATALOG[step.kind].label}): ${unfinished.run ?? unfinished.message}; nothing was run: fill it in`, {
        step: stepNumber,
        stepId: step.id,
        field: unfinished.field,
      });
    }
    // A step reading a step on another branch of a Conditions step (or one no run reaches) reads
    // nothing on every real run: said first, in the editor's words for the field, rather than
    // "test the earlier steps first" — or a run borrowing an output no real run could give it.
    const [unreadable] = findBranchReferenceErrors(definition, stepNumber);
    if (unreadable) {
      throw conflict("branch_reference", `step ${stepNumber} (${STEP_CATALOG[step.kind].label}): ${unreadable.message}; nothing was run: change the reference`, {
        step: stepNumber,
        stepId: step.id,
        field: unreadable.field,
      });
    }
    const earlierIds = definition.slice(0, stepNumber - 1).map((s) => s.id);
    // A chosen run: this workflow's (another's, or none, is not found), with its data still kept.
    const chosen = fromRunId ? await t.run.findFirst({ where: { id: fromRunId, workflowId: workflow.id }, select: { id: true, outputsClearedAt: true } }) : null;
    if (fromRunId && !chosen) throw notFound(`run ${fromRunId}`);
    if (chosen?.outputsClearedAt) {
      throw conflict("payload_cleared", `run ${chosen.id}'s trigger payload and step outputs were cleared by retention on ${chosen.outputsClearedAt.toISOString().slice(0, 10)}, so there is nothing to test step ${stepNumber} with: choose a newer run, or none`);
    }
    const runs = await t.run.findMany({
      // A run retention has cleared keeps its succeeded records, with null outputs: not a source.
      where: { workflowId: workflow.id, ...(chosen ? { id: chosen.id } : {}), outputsClearedAt: null, steps: { some: { stepId: earlierIds[0], status: "succeeded" } } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SOURCE_RUNS,
      select: {
        id: true,
        targetStepId: true,
        trigger: true,
        steps: { where: { stepId: { in: earlierIds }, status: "succeeded" }, select: { stepId: true, output: true, startedAt: true, finishedAt: true } },
      },
    });
    // A test of one later step holds copies of another run's outputs, and its own of that step:
    // by default it is a source only when this step reads the step it tested (Run step on step 2,
    // then on step 3); else it comes after every other run. Ranked by its time, a Run step on a
    // failed delivery's data (fromRunId) made that delivery's copy the newest, and the default —
    // the box unticked — borrowed it again instead of the newest delivery.
    const read = new Set(requiredEarlierSteps(step, stepNumber).map((n) => definition[n - 1]?.id));
    const copyOnly = (r: (typeof runs)[number]) => !chosen && r.targetStepId !== null && !read.has(r.targetStepId);
    const picked = pickStepTestSource(
      definition,
      stepNumber,
      [...runs.filter((r) => !copyOnly(r)), ...runs.filter(copyOnly)].map((r) => ({ id: r.id, trigger: r.trigger, records: r.steps })),
    );
    // The chosen run's own outputs or nothing: never the Testing data in its place.
    if (chosen && !(picked.ok && picked.run)) {
      const missing = picked.ok ? [1] : picked.missing;
      throw conflict(
        "no_earlier_outputs",
        `run ${chosen.id} has no output for ${describeSteps(definition, missing)}, which step ${stepNumber} reads (it ended before, or failed there): choose a run that got past it, or none to use the newest that did`,
        { missing },
      );
    }
    if (!picked.ok) {
      throw conflict(
        "no_earlier_outputs",
        `no run has an output for ${describeSteps(definition, picked.missing)} yet: run the trigger's Test & Debug (or the whole workflow), or test the earlier steps first`,
        { missing: picked.missing },
      );
    }
    // Testing data comes from the definition, which keeps a 64-bit id exactly (create-test-run.ts).
    const source = picked.run ? await readExactly(t, picked.run.id, picked.run.trigger, picked.copy) : { trigger: picked.copy[0].output, outputs: new Map<string, unknown>([[picked.copy[0].stepId, picked.copy[0].output]]) };
    const copiedLog = picked.run ? `output copied from run ${picked.run.id} to test step ${stepNumber} alone` : TESTING_DATA_NOTE;
    const run = await t.run.create({
      data: {
        workflowId: workflow.id,
        workspaceId: workflow.workspaceId,
        test: true,
        status: "queued",
        scope: "step",
        targetStepId: step.id,
        trigger: json(source.trigger),
      },
    });
    const copied = picked.copy.map((r) => ({
      runId: run.id,
      stepId: r.stepId,
      number: r.number,
      kind: r.kind,
      status: "succeeded" as const,
      output: json(source.outputs.get(r.stepId) ?? r.output),
      logs: [copiedLog],
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    }));
    await t.runStep.createMany({ data: copied });
    const job: RunExecutePayload = { runId: run.id };
    await boss.send(QUEUES.runExecute.name, job, { db: fromPrisma(t) });
    // The answer shows what was copied as copied: read back, Prisma would round a 64-bit id.
    const steps = (await t.runStep.findMany({ where: { runId: run.id } })).map((s) => (source.outputs.has(s.stepId) ? { ...s, output: source.outputs.get(s.stepId) as typeof s.output } : s));
    return toRunView({ run: { ...run, trigger: source.trigger as typeof run.trigger }, steps, definition });
  };
  return tx ? write(tx) : db().$transaction(write);
}

// Prisma parses json with JSON.parse, which rounds an integer beyond double precision: the
// trigger (a delivery's, or Testing data's, 64-bit id) and step 1's record of it are copied as
// stored, read again as text when they may hold one (rarely: one more query).
async function readExactly(t: Tx, runId: string, trigger: unknown, copy: readonly { stepId: string; output: unknown }[]) {
  const outputs = new Map<string, unknown>();
  const rounded = copy.filter((r) => mayHaveRoundedIntegers(r.output)).map((r) => r.stepId);
  if (!mayHaveRoundedIntegers(trigger) && rounded.length === 0) return { trigger, outputs };
  const [run] = await t.$queryRaw<{ trigger: string | null }[]>`SELECT trigger::text AS trigger FROM "Run" WHERE id = ${runId}`;
  const records = rounded.length
    ? await t.$queryRaw<{ stepId: string; output: string | null }[]>`
        SELECT "stepId", output::text AS output FROM "RunStep" WHERE "runId" = ${runId} AND "stepId" = ANY(${rounded}::text[])`
    : [];
  for (const r of records) if (r.output !== null) outputs.set(r.stepId, parseExactJson(r.output));
  return { trigger: run?.trigger != null ? parseExactJson(run.trigger) : trigger, outputs };
}
