// `npm run demo`: the service as `npm start` runs it, plus the fake MSP stack, with the six
// blueprints installed and Live in the "Contoso Dental" client workspace and one real run of
// each started, so a newcomer sees runs within a minute. Its own embedded PostgreSQL in
// .data/demo, or DATA_DIR (wiped at every start, so the fakes' data and the database tell one
// story; only in a folder the demo made, demo-data-dir.ts).
// Ctrl-C or SIGTERM stops everything, its PostgreSQL included, also while it is still starting
// (package.json runs it with exec: through npm's shell, a SIGTERM to npm never reached it and
// left the demo and its PostgreSQL running). One left by a SIGKILLed demo is stopped by the next.
import { rmSync } from "node:fs";
import path from "node:path";
import { generateApiToken } from "@/lib/auth/issue-api-token";
import { hashApiToken } from "@/lib/auth/authenticate-request";
import { startEmbeddedPostgres, stopRunningPostmaster, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { createDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { seedOwnerFromEnv } from "@/lib/seed/seed-owner";
import { ConfigError, loadEnv } from "@/lib/env";
import { startMspStack, type MspStack } from "@/tests/fakes/msp-stack";
import { installDemo, reportRuns, startFirstRuns } from "./demo-install";
import { demoDataDirRefusal, markDemoDataDir } from "./demo-data-dir";
import { ensureBuild } from "./ensure-build";
import { superviseApp } from "./supervise-app";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => console.log(`[demo] ${line}`);

async function main() {
  const ownDefault = !process.env.DATA_DIR;
  const dataDir = (process.env.DATA_DIR ||= ".data/demo");
  // Its owner keeps the printed password and HTTP steps may reach this host's loopback: the demo
  // answers on this machine only unless LISTEN_HOST says otherwise.
  process.env.LISTEN_HOST ??= "127.0.0.1";
  // Before anything is built, started or written (the secret key file included): a database the
  // demo did not make is never wiped.
  const refused = demoDataDirRefusal(dataDir, ownDefault);
  if (refused) {
    console.error(`[demo] ${refused}`);
    process.exit(1);
  }
  let config;
  try {
    config = loadEnv({ ...process.env, DATABASE_URL: undefined });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  markDemoDataDir(config.DATA_DIR);
  await ensureBuild(root, log);

  let stack: MspStack | undefined;
  // The start itself, not only its result: a stop while PostgreSQL is starting waits for it and
  // stops it (it runs in a process group of its own, out of reach of Ctrl-C and of our exit).
  let starting: Promise<RunningPostgres> | undefined;
  const { startApp, shutdown } = superviseApp({
    log,
    cleanup: async () => {
      await stack?.close();
      const embedded = await starting?.catch(() => undefined);
      await embedded?.stop().catch((e) => log(`postgres stop: ${e.message}`));
    },
  });

  try {
    stack = await startMspStack();
    log("fake MSP stack:");
    for (const f of [...stack.all, { name: "openai", baseUrl: stack.openai.baseUrl }]) log(`  ${f.name.padEnd(20)} ${f.baseUrl}`);

    // A fresh database every time: the fakes start from their demo data too. A PostgreSQL a
    // SIGKILLed demo left running on it is stopped first, not orphaned with its files deleted.
    const pgDir = path.join(config.DATA_DIR, "postgres");
    const left = await stopRunningPostmaster(pgDir);
    if (left) log(`stopped the PostgreSQL an earlier demo left running (pid ${left})`);
    rmSync(pgDir, { recursive: true, force: true });
    starting = startEmbeddedPostgres({ dataDir: config.DATA_DIR, log });
    const { url } = await starting;
    // The demo's database is thrown away at every start and set up through the owner's API
    // token, so its owner keeps the printed password.
    const seed = await prepareDatabase({ url, log, seed: { ...seedOwnerFromEnv(config), mustChangePassword: false } });

    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: config.DATA_DIR,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // The fakes listen on 127.0.0.1, which the SSRF guard refuses unless allowed.
      HTTP_ALLOWED_PRIVATE_RANGES: [process.env.HTTP_ALLOWED_PRIVATE_RANGES, "127.0.0.0/8"].filter(Boolean).join(","),
    };
    startApp(childEnv);
    const baseUrl = `http://127.0.0.1:${config.PORT}`;
    for (let i = 0; ; i++) {
      if (await fetch(`${baseUrl}/api/health`).then((r) => r.status < 500).catch(() => false)) break;
      if (i > 600) throw new Error("the web server did not come up within a minute");
      await new Promise((r) => setTimeout(r, 100));
    }

    // An API token for the seeded owner, so the set-up goes through the public API.
    const client = createDb(url, 1);
    const owner = await client.user.findUniqueOrThrow({ where: { email: seed.email } });
    const workspace = await client.workspace.findFirstOrThrow({ where: { name: "Contoso Dental", kind: "client" } });
    const token = generateApiToken();
    await client.apiToken.create({ data: { userId: owner.id, tokenHash: hashApiToken(token), name: "demo" } });
    await client.$disconnect();

    const api = { baseUrl, token, log };
    const installed = await installDemo(api, stack, workspace.id);
    for (const f of stack.all) f.onRequest((r) => log(`  → ${f.name} ${r.method} ${r.path}`));
    const runs = await startFirstRuns(api, installed);
    log(`started ${runs.length} runs; results follow as they finish`);
    await reportRuns(api, runs, workspace.id, config.PUBLIC_URL);
    log("");
    log(`open ${config.PUBLIC_URL}/w/${workspace.id}/workflows and sign in as ${seed.email} / ${seed.password}`);
    log(`gallery: ${config.PUBLIC_URL}/w/${workspace.id}/blueprints — the fakes keep answering until Ctrl-C`);
  } catch (e) {
    console.error(`[demo] ${e instanceof Error ? e.message : e}`);
    await shutdown(1);
  }
}

void main();
