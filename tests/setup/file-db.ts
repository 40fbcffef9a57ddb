// Runs before each integration test file: a fresh database copied from the migrated template,
// and the environment lib/env.ts reads, set before any lib module is imported.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

const adminUrl = inject("adminUrl");
const name = `t_${process.ppid}_${randomBytes(6).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDb")}"`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.DATA_DIR = inject("dataDir");
process.env.SECRET_KEY ??= randomBytes(32).toString("hex");
(process.env as Record<string, string>).NODE_ENV = "test";
process.env.HTTP_ALLOWED_PRIVATE_RANGES ??= "127.0.0.0/8";
