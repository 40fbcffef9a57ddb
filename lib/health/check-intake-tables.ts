// Whether a delivery could be recorded now. The database answering a read of the heartbeat table
// says nothing of the tables the intake writes: with "Run" held in ACCESS EXCLUSIVE mode (a LOCK
// TABLE, an ALTER TABLE, a VACUUM FULL) every delivery waits for its batch and is turned away
// with a 503 after 5 s, while readiness answered 200 and the load balancer kept sending. So this
// takes the locks the intake's write takes (write-batch.ts: rows into "Run", "Delivery" and the
// run-execute job table; the token lookup reads "WebhookEndpoint"), waiting at most
// INTAKE_LOCK_WAIT_MS for each, in a transaction that writes nothing. A ROW EXCLUSIVE lock does
// not conflict with other writers, so the check holds up no delivery, run or retention pass.
import { db } from "@/lib/db/client";
import { isLockNotGranted, isStatementTimeout } from "@/lib/db/is-database-unavailable";
import { BOSS_SCHEMA } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";

/** How long the check waits for each table's lock before it calls the intake blocked. */
export const INTAKE_LOCK_WAIT_MS = 1_000;
// A statement that waits on no lock and still takes this long is as bad for the intake.
const STATEMENT_MS = 2_000;
// Bounds the check as a whole, whatever the database does (a hung server answers nothing at all):
// under a load balancer's usual 5 s, as /api/health's own database check (read-health.ts).
const CHECK_MS = 3_000;


/** null when the intake could record a delivery now, else why it could not (readiness's reason). */
export async function checkIntakeTables(): Promise<string | null> {
  let table = "";
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`deliveries cannot be recorded: the database did not answer within ${CHECK_MS / 1000} s`), CHECK_MS);
  });
  const check = db()
    .$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${INTAKE_LOCK_WAIT_MS}ms'`);
        await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = '${STATEMENT_MS}ms'`);
        table = `${BOSS_SCHEMA}.queue`;
        const [queue] = await tx.$queryRawUnsafe<{ table_name: string }[]>(`SELECT table_name FROM ${BOSS_SCHEMA}.queue WHERE name = $1`, QUEUES.runExecute.name);
        // No queue yet (a database the intake has not served): the intake creates it first.
        const jobs = queue && /^[a-z0-9_]+$/.test(queue.table_name) ? [[`${BOSS_SCHEMA}.${queue.table_name}`, "ROW EXCLUSIVE"]] : [];
        for (const [name, mode] of [['"Run"', "ROW EXCLUSIVE"], ['"Delivery"', "ROW EXCLUSIVE"], ...jobs, ['"WebhookEndpoint"', "ACCESS SHARE"]]) {
          table = name;
          await tx.$executeRawUnsafe(`LOCK TABLE ${name} IN ${mode} MODE`);
        }
      },
      { maxWait: CHECK_MS, timeout: CHECK_MS },
    )
    .then(
      () => null,
      (e: unknown) => {
        if (isLockNotGranted(e)) return `deliveries cannot be recorded: the table ${table} is locked by another session (not granted within ${INTAKE_LOCK_WAIT_MS / 1000} s)`;
        if (isStatementTimeout(e)) return `deliveries cannot be recorded: the database did not answer within ${STATEMENT_MS / 1000} s (at the table ${table})`;
        return `deliveries cannot be recorded: the check of the table ${table || "\"Run\""} failed`;
      },
    );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
