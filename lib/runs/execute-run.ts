// Executes (or continues) one run: walks its steps in order, reuses every step already
// recorded as succeeded (so a completed step never runs twice, e.g. after a worker was killed),
// executes the rest, saves each step as it finishes, follows Conditions branches (rule in
// lib/runs/plan-path.ts) and ends the run as succeeded, failed or stopped. Wait steps and the
// backoff between attempts park the run as `waiting` with a delayed job (schedule-run-resume).
// A resumed run continues from the step it was parked on even if the workflow was edited
// meanwhile (resumePoint in plan-path.ts; removed steps' records closed by close-removed-steps,
// and so are, when it ends, the open records of steps the edit moved off the path it took;
// moved steps' records renumbered by renumber-moved-records).
import type { PgBoss } from "pg-boss";
import { enqueueFailureAlert } from "@/lib/failure-alerts/enqueue-failure-alert";
import { closeRecords, closeRemovedSteps } from "@/lib/runs/close-removed-steps";
import type { ProgressWriter } from "@/lib/runs/create-progress-writer";
import { executeStep } from "@/lib/runs/execute-step";
import { loadStepLogs } from "@/lib/runs/load-step-logs";
import type { StoppedStep } from "@/lib/runs/record-stopped-step";
import { renumberMovedRecords } from "@/lib/runs/renumber-moved-records";
import { branchEnd, conditionsNext, resumePoint } from "@/lib/runs/plan-path";
import { FINAL_RUN_STATUSES, FINAL_STEP_STATUSES, type RunStatus, type RunWork, type RunWrite, type StepWrite } from "@/lib/runs/run-records";
import { scheduleRunResume } from "@/lib/runs/schedule-run-resume";
import { redactSecrets } from "@/lib/secrets/redact-secrets";
import { branchLabel, stepLabel } from "@/lib/steps/step-label";
import { MAX_STEP_ATTEMPTS, type StepError } from "@/lib/steps/executors/types";
import type { Step } from "@/lib/workflows/definition";

export { MAX_STEP_ATTEMPTS };
const MAX_RETRY_DELAY_MS = 60 * 60_000;
// These act on the outside world and may take long: they are recorded as `running` (with the
// attempt count) before they start, so a crash mid-request is visible and counted. The others
// (code included: its sandbox reaches nothing outside) are simply executed again after a crash,
// and a pre-write would add a database round trip to every one of them.
const MARK_RUNNING = new Set<string>(["http", "ai_prompt"]);

export type ExecuteRunOptions = {
  work: RunWork;
  write: ProgressWriter;
  boss: PgBoss;
  signal: AbortSignal;
  /** Set to the step being executed while it executes (cleared as the next begins): the caller
   *  records it failed if the run turns out to have been stopped during it (record-stopped-step.ts),
   *  a Code step having no record of its own then. In memory only: no write on the normal path. */
  executing?: { step?: StoppedStep };
};
/** finished: the run ended; waiting: parked until a delayed job; lost: another executor owns it now. */
export type ExecuteRunResult = "finished" | "waiting" | "lost" | "already_final";

/** Backoff before attempt `attempt + 1`: 2 s, 4 s, 8 s … (±20 %), or longer when the step's
 *  Retry-After asks for it (at most an hour). The backoff is a floor: a `Retry-After: 0` or a
 *  date already past would otherwise send the five attempts back to back at a server that is
 *  struggling. */
export function retryDelayMs(attempt: number, error: StepError): number {
  const backoff = 2_000 * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
  return Math.min(Math.max(backoff, error.retryAfterMs ?? 0), MAX_RETRY_DELAY_MS);
}

const label = stepLabel;

const stopBranch = (step: Step, output: unknown) => {
  const branch = String((output as { branch?: unknown } | null)?.branch ?? "otherwise");
  return branch === "otherwise" ? "no branch matched, and Otherwise" : branchLabel(step.config, branch);
};

export async function executeRun({ work, write, boss, signal, executing = {} }: ExecuteRunOptions): Promise<ExecuteRunResult> {
  const { run, steps, records, values } = work;
  if (FINAL_RUN_STATUSES.has(run.status)) return "already_final";
  const redact = redactSecrets(Object.values(values.secrets));
  const ids = { runId: run.id, workflowId: run.workflowId, workspaceId: run.workspaceId };
  // A single-step test executes only its target; the outputs before it were copied in as records.
  const target = run.targetStepId ? steps.findIndex((s) => s.id === run.targetStepId) + 1 : 0;
  const last = run.scope === "step" ? target || Math.min(1, steps.length) : steps.length;
  const outputs: Record<number, unknown> = {};
  const visited = new Set<number>();
  // The run's move to `running` rides along with its first step write, and so does its trigger
  // output with secret values masked (the sender may have posted one), so the run view shows
  // what step 1 recorded.
  const trigger = redact(run.trigger ?? null);
  const triggerChanged = trigger !== (run.trigger ?? null) && JSON.stringify(trigger) !== JSON.stringify(run.trigger ?? null);
  // The trigger as posted, when it holds numbers a double changes (a 64-bit id, 1e400: kept as
  // written, parse-exact-json.ts), masked the same way: what the run and step 1 record.
  const triggerExact = run.triggerExact === undefined ? undefined : redact(run.triggerExact);
  let pendingRun: RunWrite | undefined =
    run.status === "running" && !triggerChanged
      ? undefined
      : { id: run.id, status: "running", startedAt: new Date(), ...(triggerChanged ? { trigger: triggerExact ?? trigger } : {}) };
  // Left by an edit of the workflow while the run was parked: records of removed steps to close,
  // and steps added ahead of where it resumes, to record skipped. They ride on the next write.
  const resumeFrom = records.size > 0 ? resumePoint(steps, records) : 0;
  let closing: StepWrite[] = records.size > 0 ? await closeRemovedSteps({ runId: run.id, steps, records }) : [];
  if (records.size > 0) await renumberMovedRecords({ runId: run.id, steps, records });
  const takeClosing = () => {
    const taken = closing;
    closing = [];
    return taken;
  };
  /** Before parking (a write of the parked step alone): the closing records go out on their own. */
  const writeClosing = async () => closing.length === 0 || (await write({ steps: takeClosing() }));

  /**
   * The final write: this step (if any), every step left unrecorded as skipped, every record
   * still open closed as skipped (a step an edit moved off the path the resumed run took, e.g.
   * the Wait it was parked on), and the run's end.
   */
  const finish = async (status: RunStatus, error: string | null, stepWrites: StepWrite[]): Promise<ExecuteRunResult> => {
    const now = new Date();
    const written = new Set(stepWrites.map((s) => s.stepId));
    const unreached =
      records.size === 0
        ? []
        : steps.flatMap((s, i) => {
            const rec = records.get(s.id);
            // Not visited in this execution: a step it passed was written as it finished, and its
            // record loaded before the run resumed (waiting, running) is stale, not open.
            return rec && !FINAL_STEP_STATUSES.has(rec.status) && !written.has(s.id) && !visited.has(i + 1) ? [{ ...rec, number: i + 1 }] : [];
          });
    const offPath = await closeRecords(run.id, unreached, (r) =>
      r.status === "pending"
        ? "not run: added to the workflow since the run this one goes on from, and the path taken (a Conditions output copied from that run) does not reach this step"
        : r.status === "waiting"
          ? "not run: the workflow was edited while the run waited here, and the path the run took no longer reaches this step"
          : "not run: the workflow was edited before the run could resume here, and the path the run took no longer reaches this step",
    );
    const skipped: StepWrite[] =
      run.scope === "step"
        ? []
        : steps.flatMap((s, i) =>
            visited.has(i + 1) || written.has(s.id) || records.has(s.id)
              ? []
              : [{ runId: run.id, stepId: s.id, number: i + 1, kind: s.kind, status: "skipped" as const, attempts: 0, finishedAt: now }],
          );
    const stored = await write({
      steps: [...takeClosing(), ...stepWrites, ...offPath, ...skipped],
      run: { ...pendingRun, id: run.id, status, error: error === null ? null : redact(error), startedAt: pendingRun?.startedAt ?? null, finishedAt: now },
    });
    // A live run's failure goes to the workspace's failure alerts, if it has them (the job checks).
    if (stored && status === "failed" && !run.test) await enqueueFailureAlert(boss, run.id);
    return stored || stepWrites.length === 0 ? "finished" : "lost";
  };

  if (steps.length === 0) return finish("failed", "the workflow has no steps", []);
  outputs[1] = trigger;
  if (run.targetStepId) {
    if (target === 0) return finish("failed", "the step under test was removed from the workflow", []);
    for (const [i, s] of steps.slice(0, target - 1).entries()) {
      const rec = records.get(s.id);
      if (rec?.status === "succeeded") outputs[i + 1] = rec.output;
    }
  }

  let pos = target || 1;
  let end = last + 1;
  while (pos < end) {
    const step = steps[pos - 1];
    const number = pos;
    const rec = records.get(step.id);
    visited.add(number);
    executing.step = undefined;
    let output: unknown;
    let next: string | null | undefined;
    let stepWrite: StepWrite | undefined;

    if (rec?.status === "succeeded") {
      output = rec.output;
      next = step.kind === "conditions" ? conditionsNext(step, output) : undefined;
    } else if (rec?.status === "skipped") {
      pos++; // recorded skipped by an earlier version of the workflow: stays skipped
      continue;
    } else if (!rec && number < resumeFrom) {
      const error = `not run: added to the workflow (or moved) ahead of step ${resumeFrom} while the run was waiting there; the run continued from where it left off`;
      closing.push({ runId: run.id, stepId: step.id, number, kind: step.kind, status: "skipped", error, attempts: 0, finishedAt: new Date() });
      pos++;
      continue;
    } else if (rec?.status === "failed") {
      return finish("failed", `${label(step, number)}: ${rec.error ?? "failed"}`, []);
    } else if (step.kind === "wait" && rec?.status === "waiting") {
      const resumeAt = String((rec.output as { resumeAt?: unknown } | null)?.resumeAt ?? "");
      const at = Date.parse(resumeAt);
      if (Number.isFinite(at) && at > Date.now() + 1_000) {
        // Woken early (a duplicate job): park again rather than lose the wake-up.
        const again = { runId: run.id, stepId: step.id, number, kind: step.kind, status: "waiting" as const, output: rec.output, attempts: rec.attempts };
        if (!(await writeClosing())) return "lost";
        return (await scheduleRunResume({ boss, runId: run.id, at: new Date(at), step: again })) ? "waiting" : "lost";
      }
      output = { resumeAt, resumedAt: new Date().toISOString() };
      stepWrite = { runId: run.id, stepId: step.id, number, kind: step.kind, status: "succeeded", output, attempts: rec.attempts, finishedAt: new Date() };
    } else {
      // The worker is stopping, or the run was stopped elsewhere (create-run-job-handler.ts): no
      // further step starts (a step under way when it was aborted throws below).
      if (signal.aborted) throw new Error(`run ${run.id} interrupted before ${label(step, number)}: ${String(signal.reason ?? "aborted")}`);
      const attempt = (rec?.attempts ?? 0) + 1;
      const base = { runId: run.id, stepId: step.id, number, kind: step.kind };
      if (rec?.status === "running" && rec.attempts >= MAX_STEP_ATTEMPTS) {
        const error = `the worker stopped during this step ${rec.attempts} times; giving up`;
        return finish("failed", `${label(step, number)}: ${error}`, [{ ...base, status: "failed", error, attempts: rec.attempts, finishedAt: new Date() }]);
      }
      // A step attempted again keeps the earlier attempts' log lines, each attempt closed by a
      // line saying when and why it failed, so the record shows the history, not the last try.
      // A pending record (Run again from the failed step: a step added since) keeps its note.
      const history = rec && ((rec.attempts > 0 && (rec.status === "waiting" || rec.status === "running")) || rec.status === "pending") ? await loadStepLogs({ runId: run.id, stepId: step.id }) : [];
      if (rec?.status === "running") history.push(`attempt ${rec.attempts} of ${MAX_STEP_ATTEMPTS} did not finish: the worker stopped during it`);
      const startedAt = new Date();
      if (MARK_RUNNING.has(step.kind)) {
        if (!(await write({ steps: [...takeClosing(), { ...base, status: "running", attempts: attempt, startedAt, logs: history }], run: pendingRun }))) return "lost";
        pendingRun = undefined;
      } else if (pendingRun && run.scope === "step" && number > 1) {
        // A single-step test's first write is its step's end: a Code step looping for 50 s read
        // `queued`, no startedAt, all that time. It says `running` now, on its own write. A
        // whole-workflow run needs none, nor a trigger's test: the trigger step's write, a moment
        // later, carries it.
        await write({ run: pendingRun });
        pendingRun = undefined;
      }
      executing.step = { stepId: step.id, number, kind: step.kind, attempts: attempt, startedAt };
      const outcome = await executeStep({ ids, step, steps, number, outputs, triggerExact, values, files: work.files, redact, signal, attempt });
      const finishedAt = new Date();
      const common = { ...base, attempts: attempt, startedAt, logs: [...history, ...outcome.logs], unresolved: outcome.unresolved };
      if (!outcome.ok) {
        // A worker shutting down: leave the step as it was; the job is retried elsewhere. (A run
        // stopped elsewhere has ended: its job is completed and this step recorded failed with the
        // stop's error, create-run-job-handler.ts.)
        if (signal.aborted) throw new Error(`run ${run.id} interrupted: ${String(signal.reason ?? "aborted")}`);
        const { error } = outcome;
        const failed = `attempt ${attempt} of ${MAX_STEP_ATTEMPTS} failed at ${finishedAt.toISOString()}: ${error.message}`;
        if (error.retryable && attempt < MAX_STEP_ATTEMPTS) {
          const at = new Date(Date.now() + retryDelayMs(attempt, error));
          const note = `attempt ${attempt} of ${MAX_STEP_ATTEMPTS} failed: ${error.message} (next attempt at ${at.toISOString()})`;
          const logs = [...common.logs, `${failed} (next attempt at ${at.toISOString()})`];
          if (!(await writeClosing())) return "lost";
          // The answer that failed stays readable while the run waits (the next attempt's replaces it).
          const parked = await scheduleRunResume({ boss, runId: run.id, at, step: { ...common, logs, status: "waiting", error: note, output: error.output, finishedAt } });
          return parked ? "waiting" : "lost";
        }
        const tries = attempt > 1 ? ` (after ${attempt} attempts)` : "";
        const logs = attempt > 1 ? [...common.logs, failed] : common.logs;
        return finish("failed", `${label(step, number)}: ${error.message}${tries}`, [{ ...common, logs, status: "failed", error: error.message, output: error.output, finishedAt }]);
      }
      output = outcome.output;
      next = step.kind === "conditions" ? (outcome.next ?? null) : undefined;
      if (outcome.resumeAt && outcome.resumeAt.getTime() > Date.now()) {
        if (!(await writeClosing())) return "lost";
        const parked = await scheduleRunResume({ boss, runId: run.id, at: outcome.resumeAt, step: { ...common, status: "waiting", output, finishedAt: null } });
        return parked ? "waiting" : "lost";
      }
      // Step 1 records the trigger as posted, big integers and numbers beyond the double range included.
      const recorded = number === 1 && triggerExact !== undefined ? triggerExact : output;
      stepWrite = { ...common, status: "succeeded", output: recorded, finishedAt };
    }
    // Later steps compute with step 1's numbers as doubles, 1e400 as Infinity (its output, made
    // JSON, has null there), as they do when the run resumes and reads step 1's record back.
    outputs[number] = number === 1 && triggerExact !== undefined ? trigger : output;

    // Where the run goes after this step.
    let ending: { status: RunStatus; error: string | null } | null = null;
    let target = pos + 1;
    if (step.kind === "conditions") {
      // Said as a person's Stop is ("stopped by …"): which step and branch ended the run.
      if (next === "stop") ending = { status: "stopped", error: `stopped by ${label(step, number)}: ${stopBranch(step, output)} leads to Stop the run` };
      else if (next === null || next === undefined) ending = { status: "succeeded", error: null };
      else {
        const at = steps.findIndex((s) => s.id === next) + 1;
        if (at <= number) ending = { status: "failed", error: `${label(step, number)}: branch target "${next}" is not a later step` };
        else {
          end = Math.min(branchEnd(steps, number, at, end), last + 1);
          target = at;
        }
      }
    }
    if (!ending && target >= end) ending = { status: "succeeded", error: null };

    if (ending) return finish(ending.status, ending.error, stepWrite ? [stepWrite] : []);
    const writes = [...takeClosing(), ...(stepWrite ? [stepWrite] : [])];
    if (writes.length > 0 || pendingRun) {
      const stored = await write({ steps: writes, run: pendingRun });
      if (writes.length > 0 && !stored) return "lost";
      pendingRun = undefined;
    }
    pos = target;
  }
  return finish("succeeded", null, []);
}
