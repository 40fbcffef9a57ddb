// The service's own database sessions other than the caller's, by name (each pool names its
// sessions msp-flow-…: lib/db/client.ts). An offline maintenance command refuses to run while
// any is connected to the same database: a web or worker process would go on with what it read.
import type { Db } from "@/lib/db/client";

export type AppSession = { name: string; count: number };

export async function listAppSessions({ db }: { db: Db }): Promise<AppSession[]> {
  const rows = await db.$queryRaw<{ name: string; count: bigint }[]>`
    SELECT application_name AS name, count(*) AS count FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'msp-flow-%'
    GROUP BY application_name ORDER BY application_name`;
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}
