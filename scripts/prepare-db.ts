// npm run db:prepare — migrations, pg-boss queues and the first-start seed against DATABASE_URL,
// then exit. The release step of a deployment that runs web and worker processes separately
// (each part takes an advisory lock, so running it from several places at once is safe too).
import { prepareDatabase } from "@/lib/db/prepare-database";
import { seedOwnerFromEnv } from "@/lib/seed/seed-owner";
import { databaseUrl, env, generateSecretKeyAtCheck } from "@/lib/env";

const log = (l: string) => console.log(`[db:prepare] ${l}`);
generateSecretKeyAtCheck(); // a missing DATA_DIR/secret-key only for a database without a key

// Settings read inside the chain: a configuration error is its one line, not a stack trace.
Promise.resolve()
  .then(() => prepareDatabase({ url: databaseUrl(), log, seed: seedOwnerFromEnv(env()) }))
  .then((seed) => {
    if (!seed.created) log("database ready");
    else if (!seed.mustChangePassword) log(`database ready (seeded the first owner, ${seed.email}, with SEED_OWNER_PASSWORD)`);
    // Printed once: the generated first password exists nowhere else (user:reset-password makes another).
    else log(`database ready (seeded the first owner: sign in as ${seed.email} / ${seed.password} and choose your own password)`);
    process.exit(0);
  })
  .catch((e) => {
    console.error(`[db:prepare] failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
