// npm run db:prepare — migrations, pg-boss queues and the first-start seed against DATABASE_URL,
// then exit. The release step of a deployment that runs web and worker processes separately
// (each part takes an advisory lock, so running it from several places at once is safe too).
import { prepareDatabase } from "@/lib/db/prepare-database";
import { seedOwnerFromEnv } from "@/lib/seed/seed-owner";
import { databaseUrl, env } from "@/lib/env";

const log = (l: string) => console.log(`[db:prepare] ${l}`);

prepareDatabase({ url: databaseUrl(), log, seed: seedOwnerFromEnv(env()) })
  .then((seed) => {
    log(seed.created ? "database ready (seeded the first owner)" : "database ready");
    process.exit(0);
  })
  .catch((e) => {
    console.error(`[db:prepare] failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
