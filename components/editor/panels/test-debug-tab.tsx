"use client";
// Test & Debug. Trigger: editable Testing data + Run step (works in Draft, sends nothing over
// the network; its output becomes step 1's output for downstream steps). Other steps: Run step
// executes only this step, in the worker, against the latest outputs of the earlier steps it reads —
// including its real request: an HTTP Request's is named here, and one that changes something is
// confirmed first (test-sends.tsx); "Run whole workflow" runs every step on the Testing data, the
// requests it sends named before it starts — offered on the webhook trigger too, where the Testing
// data is edited. Either way the result shows here.
// While a JSON field of the step does not parse, running is off: it would run on the last
// valid value, not on what the field shows.
// The end of a run is said once, politely ("Result: succeeded"), not each time a poll redraws it.
// The test run followed here has a Stop while it has not ended, and a new test stops it first:
// a step waiting an hour on a third party's Retry-After (up to 5 times) had no way to end here,
// and a second Run step left the first one waiting to send its request again (use-test-run-stop.ts).
// The run followed outlives the tab: back on it, or on the step, the Result and Stop are there.
// Opened on a run (?run=…: the Runs page's failed step), Run step reads that run's outputs of the
// earlier steps, unless told otherwise: tested on the newest run's, a fix for the delivery that
// failed was tried on another one (a later delivery with the field it lacked) and looked done.
import { useEffect, useRef, useState } from "react";
import { Play, PlayCircle, Square } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { JsonField } from "@/components/editor/fields/json-field";
import { useRunStep } from "@/components/editor/api";
import { StepOutputView } from "@/components/editor/panels/step-output-view";
import { UnresolvedNote, unresolvedOf } from "@/components/editor/panels/unresolved-note";
import { RunStatus } from "@/components/editor/run-status";
import { useUnparsedJson } from "@/components/editor/unparsed-json";
import { useLinkedRun } from "@/components/editor/use-linked-run";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { useFollowedTest } from "@/components/editor/panels/followed-test";
import { useTestRunStop } from "@/components/editor/panels/use-test-run-stop";
import { TestingDataNote } from "@/components/editor/panels/testing-data-note";
import { ConfirmTestSends, needsConfirmation, TestSendsNote, useTestSends, type TestScope } from "@/components/editor/panels/test-sends";
import { buttonClass } from "@/components/ui/button";
import { BusyButton } from "@/components/ui/busy-button";
import { ExactTime } from "@/components/ui/exact-time";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { TERMINAL_RUN_STATUSES } from "@/lib/editor/api-types";
import { skipReason } from "@/lib/editor/skip-reason";
import { requiredEarlierSteps } from "@/lib/runs/pick-step-test-source";
import { formatRetryNote } from "@/lib/format-retry-note";
import type { EditorStep } from "@/lib/editor/step-ops";

export function TestDebugTab({ step, number }: { step: EditorStep; number: number }) {
  const { steps, update, workflowId, readOnly, focus } = useEditor();
  const { runTest, runStepTest } = useWorkflowActions();
  const [runId, setRunId] = useFollowedTest(workflowId, step.id);
  // The run without its data and this step's record: the run's detail, every step's output with
  // it, was read on every poll while the test ran.
  const { overview: run, record } = useRunStep(runId, step.id);
  const trigger = steps[0];
  const isTrigger = number === 1 && (step.kind === "webhook" || step.kind === "scheduler");
  // The run the editor was opened on, when it is this workflow's and still has its data.
  const linked = useLinkedRun(isTrigger ? null : (focus?.runId ?? null)).data;
  const linkedRun = linked && linked.workflowId === workflowId && !linked.outputsClearedAt ? linked : undefined;
  const [withLinked, setWithLinked] = useState(true);
  const fromRunId = linkedRun && withLinked ? linkedRun.id : undefined;
  // The trigger's Run step sends nothing (a webhook's is its Testing data); a scheduler's Run now
  // runs the whole workflow.
  const stepSends = useTestSends(step.id, "step");
  const workflowSends = useTestSends(step.id, "workflow");
  const [confirming, setConfirming] = useState<{ stepId: string; scope: TestScope; sends: typeof stepSends } | null>(null);
  // Status and error as the run's overview has them; the output from the step's record.
  const mine = run.data?.steps.find((s) => s.stepId === step.id);
  const output = record?.data && record.data.status === mine?.status ? record.data : undefined;
  const stopRun = useTestRunStop(workflowId);
  // The followed test run until it has ended (queued before its first read): Stop is offered, and
  // a new test stops it first. Only runs this panel started are ever followed: test runs.
  const open = !!runId && !(run.data && TERMINAL_RUN_STATUSES.includes(run.data.status));
  const [stopping, setStopping] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);
  const [superseded, setSuperseded] = useState(false);
  // Stop goes once the run has ended: focus, when it was there (and so dropped to <body>), goes to
  // Run step rather than to the top of the page.
  const runStepButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (closed && (!document.activeElement || document.activeElement === document.body)) runStepButton.current?.focus();
  }, [open]);
  const busy = runTest.isPending || runStepTest.isPending || stopping;
  const unparsed = useUnparsedJson().find((u) => u.stepId === step.id);
  const error = runStepTest.error ?? runTest.error;
  // A refused Run step ("fix step 3 (…) first", a save that failed) speaks of the steps as they
  // were then: once they change (the cause fixed by an edit or an undo, or not) it is no longer
  // about this workflow, and it goes — as a refused Go live does (use-workflow-actions.ts).
  // Compared as text: a poll or a rename of the workflow brings the same steps back as new objects.
  const refusedWith = useRef<string | null>(null);
  const { reset: forgetStep } = runStepTest;
  const { reset: forgetRun } = runTest;
  const stepsNow = JSON.stringify(steps);
  useEffect(() => {
    if (!error) {
      refusedWith.current = null;
      return;
    }
    if (refusedWith.current === null) refusedWith.current = stepsNow;
    else if (refusedWith.current !== stepsNow) {
      forgetStep();
      forgetRun();
    }
  }, [error, stepsNow, forgetStep, forgetRun]);
  // A stopped test reads stopped (its step in progress is recorded failed, "stopped by …").
  const shownStatus = run.data
    ? wholeFromTriggerOf(isTrigger, step.kind, run.data.scope) || run.data.status === "stopped"
      ? run.data.status
      : (mine?.status ?? run.data.status)
    : undefined;
  const { announce, region } = useAnnouncer();
  // The run whose end was said: by id, so a poll bringing the same end again says nothing — nor
  // coming back to the tab (or step) of a test that had already ended.
  const saidFor = useRef<string | null>(runId && shownStatus && ENDED.has(shownStatus) ? runId : null);
  useEffect(() => {
    if (!runId || !shownStatus || !ENDED.has(shownStatus) || saidFor.current === runId) return;
    saidFor.current = runId;
    announce(`Result: ${shownStatus}${mine?.error ? ` — ${mine.error}` : ""}`);
  }, [runId, shownStatus, mine?.error, announce]);
  const onRun = { onSuccess: ({ run: r }: { run: { id: string } }) => setRunId(r.id) };
  // Run whole workflow from the trigger: the Result's status is the run's, not the trigger's own
  // (which succeeds at once, whatever becomes of the steps after it).
  const wholeFromTrigger = wholeFromTriggerOf(isTrigger, step.kind, run.data?.scope);
  /** The panel's Stop: ends the followed run, or says why it could not. */
  const stopFollowed = async () => {
    if (!runId) return;
    setStopping(true);
    setStopError(null);
    try {
      await stopRun(runId);
    } catch (e) {
      setStopError(stopFailure(e));
    } finally {
      setStopping(false);
    }
  };
  const send = (which: "step" | "workflow") => {
    runTest.reset();
    runStepTest.reset();
    setSuperseded(false);
    setStopError(null);
    // A new test supersedes the one still going: stopped first, so it sends nothing more — once
    // the new one may start (its edits saved, nothing refused): a refused Run step stops nothing.
    const followed = open ? runId : undefined;
    const before = followed
      ? async () => {
          await stopRun(followed).catch((e: unknown) => {
            throw new Error(stopFailure(e));
          });
          setSuperseded(true);
        }
      : undefined;
    if (!isTrigger && which === "step") runStepTest.mutate({ number, before, fromRunId }, onRun);
    else runTest.mutate({ scope: which === "step" && isTrigger && step.kind === "webhook" ? "step" : "workflow", before }, onRun);
  };
  const scopeOf = (which: "step" | "workflow"): TestScope => (which === "step" && !(isTrigger && step.kind === "scheduler") ? "step" : "workflow");
  const start = (which: "step" | "workflow") => {
    const scope = scopeOf(which);
    const sends = scope === "workflow" ? workflowSends : isTrigger ? [] : stepSends;
    if (needsConfirmation(workflowId, step.id, scope, sends)) setConfirming({ stepId: step.id, scope, sends });
    else send(which);
  };
  const reads = isTrigger ? [] : requiredEarlierSteps(step, number).filter((n) => n > 1);

  return (
    <div className="space-y-4">
      {region}
      {isTrigger && step.kind === "webhook" ? (
        <div className="space-y-1">
          <label className="block text-sm font-semibold text-slate-900">Testing data</label>
          <p className="text-xs text-slate-500">
            A sample payload, exactly as a sender would POST it. Run step makes it this trigger&apos;s output, so later steps can use its fields; it sends nothing over the network. Run whole
            workflow starts every step with it, as a delivery would.
          </p>
          <JsonField
            label="Testing data"
            stepId={step.id}
            value={step.config.testingData}
            exactIntegers
            onChange={(v) => update(step.id, { config: { ...step.config, testingData: v } }, "testingData")}
          />
        </div>
      ) : isTrigger ? (
        <p className="text-sm text-slate-600">Run now starts the whole workflow once, as the schedule would.</p>
      ) : (
        <div className="space-y-2 text-sm text-slate-600">
          <p>
            {fromRunId ? `Run step executes only this step, against the outputs the earlier steps gave in run …${fromRunId.slice(-8)}.` : borrowedNote(number, reads)} Run whole
            workflow starts every step with the trigger&apos;s Testing data.
          </p>
          {linkedRun && (
            <label className="flex items-start gap-2 text-slate-700">
              <input type="checkbox" checked={withLinked} onChange={(e) => setWithLinked(e.target.checked)} className="mt-1" />
              <span>
                Run step with the data of the run opened here: run …{linkedRun.id.slice(-8)} ({linkedRun.status}, started <ExactTime at={linkedRun.createdAt} />), not the newest
              </span>
            </label>
          )}
          <TestSendsNote sends={stepSends} scope="step" isStep />
          <TestSendsNote sends={workflowSends} scope="workflow" isStep />
        </div>
      )}
      {isTrigger && <TestSendsNote sends={workflowSends} scope="workflow" isStep={step.kind === "webhook"} />}
      <div className="flex flex-wrap gap-2">
        {/* Busy, not disabled, while a test starts: the button keeps keyboard focus. */}
        <BusyButton ref={runStepButton} className={buttonClass("primary")} busy={busy} disabled={!trigger || !!unparsed} onClick={() => start("step")}>
          <Play className="h-4 w-4" aria-hidden /> {busy ? "Running…" : isTrigger && step.kind === "scheduler" ? "Run now" : "Run step"}
        </BusyButton>
        {!(isTrigger && step.kind === "scheduler") && (
          <BusyButton className={buttonClass("secondary")} busy={busy} disabled={!trigger || !!unparsed} onClick={() => start("workflow")}>
            <PlayCircle className="h-4 w-4" aria-hidden /> Run whole workflow
          </BusyButton>
        )}
        {open && !readOnly && (
          <BusyButton className={buttonClass("secondary")} busy={stopping} onClick={() => void stopFollowed()}>
            <Square className="h-4 w-4" aria-hidden /> Stop
          </BusyButton>
        )}
      </div>
      <ConfirmTestSends
        pending={confirming}
        onCancel={() => setConfirming(null)}
        onSend={() => {
          // A scheduler's Run now is its whole workflow.
          const which = confirming?.scope === "step" || (isTrigger && step.kind === "scheduler") ? "step" : "workflow";
          setConfirming(null);
          send(which);
        }}
      />
      {unparsed && (
        <p className="text-sm text-amber-800" data-testid="unparsed-json">
          {unparsed.label} is not valid JSON, so this step cannot run yet: fix the text or undo it.
        </p>
      )}
      {superseded && (
        <p role="status" className="text-sm text-slate-600">
          Stopped the earlier test run: it sends nothing more.
        </p>
      )}
      {(error || stopError) && (
        <p role="alert" className="text-sm text-red-700 wrap-anywhere">
          {error?.message ?? stopError}
        </p>
      )}
      {run.data && (
        <section aria-label="Test result" className="space-y-2">
          <div className="flex items-center gap-2 text-sm">
            <span className="font-medium text-slate-900">Result</span>
            <RunStatus status={shownStatus!} />
            {run.data.scope === "step" && !isTrigger && <span className="text-xs text-slate-500">this step alone</span>}
            {wholeFromTrigger && <span className="text-xs text-slate-500">the whole workflow: each step&apos;s result is under its Executions</span>}
          </div>
          {/* No run had the trigger's output: the server used the webhook's Testing data, and says so. */}
          {!isTrigger && <TestingDataNote run={run.data} stepId={step.id} />}
          {mine?.status === "skipped" ? (
            // Why, as the Executions tab says it of a linked run: the branch taken, or how the run ended.
            <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-600 wrap-anywhere" data-testid="skip-reason">
              This run skipped this step: {skipReason(run.data, mine, steps)}
            </p>
          ) : mine ? (
            <>
              {mine.error && (
                <p role="alert" className="rounded-md bg-red-50 p-2 text-sm whitespace-pre-wrap text-red-800 wrap-anywhere">
                  {formatRetryNote(mine.error)}
                </p>
              )}
              {/* Why a field of the output is null (a typo in a reference), as Executions says it. */}
              {unresolvedOf(mine).length > 0 && <UnresolvedNote refs={unresolvedOf(mine)} />}
              {/* A failed step has no output (its record holds null): no empty box under its error. */}
              {output && (output.status === "succeeded" || (output.output ?? null) !== null) && <StepOutputView label="Step output" value={output.output} />}
            </>
          ) : (
            <p className="text-sm text-slate-500">{run.data.status === "succeeded" || run.data.status === "failed" || run.data.status === "stopped" ? "The run did not reach this step." : "Waiting for the run to reach this step…"}</p>
          )}
        </section>
      )}
    </div>
  );
}

const stopFailure = (e: unknown) => `Could not stop the test run: ${e instanceof Error ? e.message : String(e)}`;

/** What Run step borrows, as create-step-test-run.ts does: the trigger's output and those of the
 *  earlier steps this one reads (`reads`, past the trigger) — not every earlier step's. */
// A "test · step n" (Workflow data's Data from names runs so) holds copies of another run's
// outputs: Run step borrows it only for step n's own (create-step-test-run.ts), said here.
function borrowedNote(number: number, reads: readonly number[]): string {
  const from = "from the newest run or test that has";
  const copies = "; a test · step n counts for step n's own output only";
  if (number === 2) return `Run step executes only this step, against the latest output of step 1 (${from} it${copies}).`;
  if (reads.length === 0) {
    const none = number === 3 ? "it does not read step 2" : `it reads none of steps 2–${number - 1}`;
    return `Run step executes only this step, with the latest output of step 1, the trigger (${from} one${copies}); ${none}.`;
  }
  const list = reads.length === 1 ? `step ${reads[0]}` : `steps ${reads.slice(0, -1).join(", ")} and ${reads[reads.length - 1]}`;
  return `Run step executes only this step, against the latest outputs of step 1 (the trigger) and ${list}, which it reads (${from} them${copies}).`;
}

/** A step's or a run's statuses after which nothing changes. */
const ENDED = new Set(["succeeded", "failed", "stopped", "skipped"]);

const wholeFromTriggerOf = (isTrigger: boolean, kind: string, scope: string | undefined) => isTrigger && kind === "webhook" && scope === "workflow";
