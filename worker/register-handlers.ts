// Where every queue gets its consumer. Handlers live in lib/ (runnable from tests too).
import type { PgBoss } from "pg-boss";

export async function registerHandlers(_boss: PgBoss, _opts: { concurrency: number }): Promise<void> {
  // Run execution is registered here by the run-engine issue (lib/runs/execute-run.ts).
}
