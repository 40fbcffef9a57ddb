// `npm start` with PORT held by another program: one line naming the port, exit status 1, and
// nothing started or created — not a build, an embedded PostgreSQL, a seeded owner whose password
// is printed once, an "open http://localhost:<PORT>" pointing at that other program, and then the
// web server failing five times until the crash-loop rule stopped everything. (It waits up to 12 s
// for the port first: a launcher killed a moment ago leaves a web server that is still stopping.)
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { running } from "../helpers/services";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-port-"));
chmodSync(dataDir, 0o755);
const other = net.createServer();
let launcherPid: number | undefined;

afterAll(async () => {
  if (launcherPid && running(launcherPid)) process.kill(-launcherPid, "SIGKILL"); // the old code's crash loop, if a case failed
  await new Promise((r) => other.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start on a port another program holds", () => {
  it("refuses in one line, starting and creating nothing", async () => {
    await new Promise<void>((r) => other.listen(0, r)); // every interface, as the web server listens
    const port = (other.address() as net.AddressInfo).port;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), WORKER_NICE: "0", NEXT_TELEMETRY_DISABLED: "1" };
    delete env.DATABASE_URL;
    delete env.SECRET_KEY;
    const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, detached: true });
    launcherPid = proc.pid;
    let out = "";
    let err = "";
    proc.stdout!.on("data", (c) => (out += c));
    proc.stderr!.on("data", (c) => (err += c));
    const code = await new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c)));

    expect(code).toBe(1);
    const lines = err.trim().split("\n");
    expect(lines, err).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^\\[start\\] MSP Flow failed to start: cannot listen on PORT ${port}: listen EADDRINUSE: address already in use \\S+ \\(another program listens there: stop it, or set PORT to a free port\\)$`));
    // It waited a while first, in case an MSP Flow killed a moment ago was still letting go of it.
    expect(out).toMatch(new RegExp(`\\[start\\] PORT ${port} is in use; waiting up to 12 s for it to be free`));
    expect(out).not.toMatch(/open http|embedded PostgreSQL|web failed to start/);
    expect(existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });
});
