// Start-up against a database that cannot be reached yet (PostgreSQL restarting, an outage, a
// container started before its database): the web server and the worker wait for it, saying so
// on every attempt, instead of exiting. Under `npm start` each exit counted toward the launcher's
// crash loop, so a process restarted during a few minutes' outage stopped the whole service,
// intake included, where waiting costs nothing. Any other failure (a refused SECRET_KEY, a
// schema not migrated) still ends the start at once.
import { isDatabaseUnavailable } from "@/lib/db/is-database-unavailable";
import { errorFields } from "@/lib/error-fields";
import { logger } from "@/lib/log";

export type WaitForDatabaseOptions = { initialMs?: number; maxMs?: number };

/** Runs `attempt` until it succeeds or fails for another reason than an unreachable database. */
export async function waitForDatabase<T>(component: string, attempt: () => Promise<T>, { initialMs = 1_000, maxMs = 30_000 }: WaitForDatabaseOptions = {}): Promise<T> {
  let delay = initialMs;
  for (;;) {
    try {
      return await attempt();
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      const { err: reason } = errorFields(e); // Prisma's cause, not the source lines it quotes first
      logger().warn({ component, retryInMs: delay, err: reason }, `database unavailable at start-up, trying again in ${delay / 1000} s: ${reason}`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(maxMs, delay * 2);
    }
  }
}
