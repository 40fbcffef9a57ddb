// db:restore with a PostgreSQL running on DATA_DIR says how to stop it. After a killed npm start
// the server is left running for the next start (README, Operations), and "stop the service
// (npm start) first" sent the operator looking for an npm start that was not there.
import { chmodSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { lockFileName } from "@/scripts/launcher-lock";
import { running } from "../helpers/services";
import { runScript } from "@/tests/helpers/run-script";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-leftover-"));
chmodSync(dataDir, 0o755);
let server: RunningPostgres | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const restore = () => runScript("scripts/db-restore.ts", [path.join(dataDir, "some-backup.tar.gz")], { DATA_DIR: dataDir, DATABASE_URL: undefined, SECRET_KEY: "ab".repeat(32) }, 60_000);

describe("npm run db:restore while a PostgreSQL runs on DATA_DIR", () => {
  it("left by a killed npm start: says so and how to stop it; run by a live npm start: names it", async () => {
    server = await startEmbeddedPostgres({ dataDir }); // what a SIGKILLed launcher leaves: a server, no launcher
    const pid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    const left = await restore();
    expect(left.stderr.trim()).toBe(
      `the embedded PostgreSQL is running (pid ${pid}), but no npm start runs on DATA_DIR ${dataDir}: one that was killed left it running. ` +
        `Stop it with kill -INT ${pid} (or start the service with npm start and stop it with Ctrl-C), then run the restore again; nothing was changed. ` +
        "If an operator command (db:backup, user:reset-password) is running, wait for it instead: it stops the server it started.",
    );
    expect(left.code).toBe(1);
    expect(running(pid)).toBe(true);

    // A live launcher's lock (this test process stands in for it).
    const self = readFileSync("/proc/self/cmdline", "utf8").replace(/\0$/, "").replace(/\0/g, " ");
    const lock = path.join(dataDir, lockFileName(4112));
    writeFileSync(lock, `${process.pid}\n${self}\n`);
    const live = await restore();
    expect(live.stderr.trim()).toBe(
      `the embedded PostgreSQL is running (pid ${pid}) for npm start (pid ${process.pid}): stop it first (Ctrl-C where it runs, or kill -TERM ${process.pid}), then run the restore again; nothing was changed`,
    );
    expect(live.code).toBe(1);
    unlinkSync(lock);
  }, 120_000);
});
