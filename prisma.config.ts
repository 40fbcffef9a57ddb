import { defineConfig } from "prisma/config";

// Only `prisma generate` is used (see scripts/prisma-generate.mjs); migrations are applied
// by lib/db/migrate.ts, so no datasource URL is needed here.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
