// Queues the failure alert of a live run that just ended failed. After the run's final write, not
// inside it: the write is group-committed with other runs'. A queue that cannot be reached loses
// the alert (logged), never the run's end.
import type { PgBoss } from "pg-boss";
import { QUEUES } from "@/lib/jobs/queues";
import { errorMessage, logger } from "@/lib/log";

export async function enqueueFailureAlert(boss: PgBoss, runId: string): Promise<void> {
  try {
    await boss.send(QUEUES.failureAlert.name, { runId });
  } catch (e) {
    logger().error({ component: "failure-alerts", runId, err: errorMessage(e) }, "failure alert not queued");
  }
}
