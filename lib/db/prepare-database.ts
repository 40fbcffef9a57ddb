// Everything a fresh or existing database needs before web and worker start: migrations,
// pg-boss's schema and queues, the SECRET_KEY check, and the first-start seed. Each part is safe
// when several processes run it at the same moment, so N launchers can share one database.
import { createDb } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrate";
import { ensureQueues } from "@/lib/jobs/boss";
import { seedDatabase, type SeedResult } from "@/lib/seed/seed-database";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";

export async function prepareDatabase(opts: {
  url: string;
  seed: { email: string; password: string; mustChangePassword?: boolean };
  log?: (line: string) => void;
}): Promise<SeedResult> {
  await migrateDatabase({ url: opts.url, log: opts.log });
  await ensureQueues(opts.url);
  const client = createDb(opts.url, 1);
  try {
    // Before the seed, so a refused key leaves a new database as it was.
    await verifySecretKey({ db: client });
    return await seedDatabase({ db: client, ...opts.seed });
  } finally {
    await client.$disconnect();
  }
}
