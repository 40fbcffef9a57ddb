// Whether web or worker processes other than the launcher's own still use its embedded
// PostgreSQL, asked after its own have stopped. Another `npm start` on the same DATA_DIR reuses
// the running server (lib/db/embedded-postgres.ts), and so does a start arriving while the
// processes of a killed launcher are still finishing their work: stopping the server then would
// cut them off mid-write (and before, a start that gave up stopped the server under them).
//
// Each web and worker process keeps one session open under its name (keepSessionOpen,
// lib/db/client.ts); the launcher's own sessions have other names. A process that has just
// exited can still be listed for a moment, until its server process has seen the connection
// close, so what is listed is asked again for up to `settleMs`.
import pg from "pg";

const SERVICE_SESSIONS = ["msp-flow-web", "msp-flow-worker-app"];

/** The sessions of web and worker processes connected to `url`'s database, as "2 msp-flow-web"; none: []. */
export async function otherAppProcesses(url: string, settleMs = 2_000): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, application_name: "msp-flow-launcher", connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const deadline = Date.now() + settleMs;
    for (;;) {
      const { rows } = await client.query<{ name: string; count: string }>(
        `SELECT application_name AS name, count(*) AS count FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = ANY($1) GROUP BY 1 ORDER BY 1`,
        [SERVICE_SESSIONS],
      );
      if (rows.length === 0 || Date.now() >= deadline) return rows.map((r) => `${r.count} ${r.name}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end().catch(() => {});
  }
}
