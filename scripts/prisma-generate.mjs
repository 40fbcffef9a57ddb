// Runs `prisma generate` offline. Generation itself is WebAssembly; the CLI only checks that a
// schema-engine binary exists, and would otherwise try to download one (these machines cannot).
// We point it at a placeholder file that is never executed. Migrations are applied by
// lib/db/migrate.ts, never by the Prisma CLI.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const placeholder = path.join(root, "node_modules", ".cache", "prisma-schema-engine-placeholder");
if (!existsSync(placeholder)) {
  mkdirSync(path.dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, "#!/bin/sh\necho 'schema engine not available offline' >&2\nexit 1\n", { mode: 0o755 });
}
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= placeholder;
const bin = path.join(root, "node_modules", "prisma", "build", "index.js");
const r = spawnSync(process.execPath, [bin, "generate"], { cwd: root, env, stdio: "inherit" });
process.exit(r.status ?? 1);
