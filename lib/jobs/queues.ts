// Every pg-boss queue, its options and its payload schema, declared once and imported by
// producers (web, intake) and consumers (worker). Handlers re-parse their payload.
import { z } from "zod";

export const runExecutePayload = z.object({ runId: z.string().min(1) });
export type RunExecutePayload = z.infer<typeof runExecutePayload>;

export const QUEUES = {
  /** Execute (or continue) one run. */
  runExecute: {
    name: "run-execute",
    options: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60 },
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]["name"];
