// Scheduler trigger: its output is the firing, {scheduledFor, firedAt} (ISO instants), which
// lib/triggers/fire-due-schedules.ts stored as the run's trigger. The engine places it at
// outputs[1] before step 1 runs.
import type { StepExecutor } from "./types";

export const executeScheduler: StepExecutor = async (ctx) => ({ output: ctx.outputs[1] ?? null });
