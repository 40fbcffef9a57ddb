"use client";
// Test & Debug. Trigger: editable Testing data + Run step (works in Draft, sends nothing over
// the network; its output becomes step 1's output for downstream steps). Other steps: run the
// whole workflow on the Testing data and show what this step produced.
import { Play } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { JsonField } from "@/components/editor/fields/json-field";
import { useRunQuery } from "@/components/editor/api";
import { JsonView } from "@/components/editor/panels/json-view";
import { RunStatus } from "@/components/editor/run-status";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { buttonClass } from "@/components/ui/button";
import type { EditorStep } from "@/lib/editor/step-ops";

export function TestDebugTab({ step, number }: { step: EditorStep; number: number }) {
  const { steps, update } = useEditor();
  const { runTest } = useWorkflowActions();
  const run = useRunQuery(runTest.data?.run.id);
  const trigger = steps[0];
  const isTrigger = number === 1 && (step.kind === "webhook" || step.kind === "scheduler");
  const mine = run.data?.steps.find((s) => s.stepId === step.id);

  return (
    <div className="space-y-4">
      {isTrigger && step.kind === "webhook" ? (
        <div className="space-y-1">
          <label className="block text-sm font-semibold text-slate-900">Testing data</label>
          <p className="text-xs text-slate-500">A sample payload, exactly as a sender would POST it. Run step makes it this trigger&apos;s output, so later steps can use its fields.</p>
          <JsonField label="Testing data" value={step.config.testingData} onChange={(v) => update(step.id, { config: { ...step.config, testingData: v } }, "testingData")} />
        </div>
      ) : isTrigger ? (
        <p className="text-sm text-slate-600">Run now starts the whole workflow once, as the schedule would.</p>
      ) : (
        <div className="space-y-2 text-sm text-slate-600">
          <p>
            Runs the workflow as a test with the trigger&apos;s Testing data and shows what this step produced.
            {trigger?.kind !== "webhook" && " (Add a Webhook trigger with Testing data to test against a sample payload.)"}
          </p>
          {step.kind === "http" && <p className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900">This HTTP Request really calls out to its URL when the test runs.</p>}
        </div>
      )}
      <button
        type="button"
        className={buttonClass("primary")}
        disabled={runTest.isPending || !trigger}
        onClick={() => runTest.mutate(isTrigger && step.kind === "webhook" ? "step" : "workflow")}
      >
        <Play className="h-4 w-4" aria-hidden /> {runTest.isPending ? "Running…" : isTrigger && step.kind === "scheduler" ? "Run now" : isTrigger ? "Run step" : "Run test"}
      </button>
      {runTest.error && <p role="alert" className="text-sm text-red-700">{runTest.error.message}</p>}
      {run.data && (
        <section aria-label="Test result" className="space-y-2">
          <div className="flex items-center gap-2 text-sm">
            <span className="font-medium text-slate-900">Result</span>
            <RunStatus status={mine?.status ?? run.data.status} />
          </div>
          {mine ? (
            <>
              {mine.error && <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">{mine.error}</p>}
              <JsonView label="Step output" value={mine.output} />
            </>
          ) : (
            <p className="text-sm text-slate-500">{run.data.status === "succeeded" || run.data.status === "failed" || run.data.status === "stopped" ? "The run did not reach this step." : "Waiting for the run to reach this step…"}</p>
          )}
        </section>
      )}
    </div>
  );
}
