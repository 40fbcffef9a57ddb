// executeStep for one step of a run with nothing before it: no outputs, values or files, nothing
// to redact, not aborted, first attempt — what a unit test needs to see how the engine fails it.
import { executeStep } from "@/lib/runs/execute-step";
import type { Step } from "@/lib/workflows/definition";

export function executeStepAlone(step: Step) {
  return executeStep({
    ids: { runId: "r", workflowId: "wf", workspaceId: "ws" },
    step,
    number: 2,
    outputs: {},
    values: { vars: {}, secrets: {} },
    files: {},
    redact: (v) => v,
    signal: new AbortController().signal,
    attempt: 1,
  });
}
