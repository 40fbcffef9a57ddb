// Makes sure queues exist with the options declared in lib/jobs/queues.ts. ensureQueues (run
// by the launcher) only creates missing queues; a worker also brings an existing queue up to
// date, so a change such as run-execute's heartbeat reaches databases created before it.
import type { PgBoss } from "pg-boss";

type QueueDecl = { name: string; options: Record<string, unknown> };

export async function syncQueueOptions({ boss, queues }: { boss: PgBoss; queues: readonly QueueDecl[] }): Promise<void> {
  for (const q of queues) {
    const options = { ...q.options, notify: true };
    const existing = await boss.getQueue(q.name);
    if (!existing) {
      await boss.createQueue(q.name, options as never).catch((e) => {
        if (!/already exists/i.test(String(e))) throw e;
      });
      continue;
    }
    const stale = Object.entries(options).some(([k, v]) => (existing as unknown as Record<string, unknown>)[k] !== v);
    if (stale) await boss.updateQueue(q.name, options as never);
  }
}
