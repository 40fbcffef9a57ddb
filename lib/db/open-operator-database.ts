// The database an operator command works on: DATABASE_URL, or else the embedded PostgreSQL in
// DATA_DIR — the running one when `npm start` is up, otherwise started for the command and
// stopped by close().
import { createDb, type Db } from "@/lib/db/client";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { env, type Env } from "@/lib/env";

export async function openOperatorDatabase(config: Env = env()): Promise<{ db: Db; close: () => Promise<void> }> {
  let embedded: RunningPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
    url = embedded.url;
  }
  const db = createDb(url, 1);
  return {
    db,
    close: async () => {
      await db.$disconnect();
      if (embedded && !embedded.reused) await embedded.stop();
    },
  };
}
