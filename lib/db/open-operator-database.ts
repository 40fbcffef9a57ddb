// The database an operator command works on: DATABASE_URL, or else the embedded PostgreSQL in
// DATA_DIR — the running one when `npm start` is up, otherwise started for the command and
// stopped by close(). One that does not exist is not made: a DATA_DIR mistyped for a password
// reset created an empty cluster there, then failed with Prisma's "table public.User does not exist".
import { existsSync } from "node:fs";
import path from "node:path";
import { createDb, type Db } from "@/lib/db/client";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { ConfigError, env, type Env } from "@/lib/env";

export async function openOperatorDatabase(config: Env = env()): Promise<{ db: Db; close: () => Promise<void> }> {
  let embedded: RunningPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    const pgDir = path.join(config.DATA_DIR, "postgres");
    if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
      throw new ConfigError(`there is no embedded PostgreSQL in ${pgDir} (is DATA_DIR right? Or set DATABASE_URL for a PostgreSQL of your own); nothing was changed`);
    }
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
