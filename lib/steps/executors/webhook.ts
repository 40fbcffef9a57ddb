// Webhook trigger: its output is exactly the posted JSON, with no wrapper object. The engine
// places the run's trigger payload at outputs[1] before step 1 runs.
import type { StepExecutor } from "./types";

export const executeWebhook: StepExecutor = async (ctx) => ({ output: ctx.outputs[1] ?? null });
