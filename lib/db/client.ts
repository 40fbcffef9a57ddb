// The Prisma client of this process: Prisma 7's query compiler over node-postgres
// (@prisma/adapter-pg), no native engine.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";
import { databaseUrl } from "@/lib/env";

export type Db = InstanceType<typeof PrismaClient>;
/** A transaction client, as passed to `prisma.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const g = globalThis as unknown as { __prisma?: Db };

export function createDb(url: string, max = 10): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max }) });
}

/** The shared client of this process. */
export function db(): Db {
  // Kept on globalThis so Next's dev reloads do not open a new pool on every change.
  g.__prisma ??= createDb(databaseUrl());
  return g.__prisma;
}
