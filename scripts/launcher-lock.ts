// One `npm start` per DATA_DIR and PORT. A second one on the same pair reused the first one's
// PostgreSQL, then its web server hit EADDRINUSE again and again until the crash-loop rule
// stopped it — and stopping, it could take the shared PostgreSQL down. It now refuses at once,
// before it builds or touches the database: the launcher holds a lock file in DATA_DIR naming
// its pid and command line, and a lock whose launcher is gone (SIGKILLed, the OOM killer) is taken over.
// Another PORT on the same DATA_DIR is another lock: two launchers sharing one embedded
// PostgreSQL on two ports is supported (README, Operations).
import { linkSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const lockFileName = (port: number) => `npm-start.${port}.lock`;

/** A process's command line, arguments joined by spaces (as the lock records it); null without /proc. */
function commandLine(pid: number | "self"): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0$/, "").replace(/\0/g, " ");
  } catch {
    return null;
  }
}

/** Whether `pid` is a live process with the command line the lock names: a pid the system has
 *  since given to something else is no launcher. Without /proc, any live pid counts. */
function isLauncher(pid: number, command: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = commandLine(pid);
  return now === null || now === command;
}

function readLock(file: string): { pid: number; command: string } | null {
  try {
    const [pid, command = ""] = readFileSync(file, "utf8").split("\n");
    return Number.isInteger(Number(pid)) && Number(pid) > 0 ? { pid: Number(pid), command } : null;
  } catch {
    return null;
  }
}

/** The pids of the live launchers holding a lock in `dataDir`, on any port (none, or no such folder: []). */
export function liveLaunchers(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dataDir).filter((n) => /^npm-start\.\d+\.lock$/.test(n));
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const held = readLock(path.join(dataDir, n));
    return held && held.pid !== process.pid && isLauncher(held.pid, held.command) ? [held.pid] : [];
  });
}

export type LauncherLock = { ok: true; file: string; tookOver: number | null } | { ok: false; file: string; pid: number };

/**
 * Takes the lock for `port` in `dataDir` for this process (released when it exits, however it
 * exits but SIGKILL, which leaves it for the next launcher to take over). `{ ok: false }` names
 * the live launcher that holds it.
 */
export function takeLauncherLock(dataDir: string, port: number): LauncherLock {
  const file = path.join(dataDir, lockFileName(port));
  const command = commandLine("self") ?? process.argv.join(" ");
  let tookOver: number | null = null;
  // Written whole under a name of our own, then linked in place: linking fails if the lock
  // exists, so two launchers never both take it, and no one reads a half-written lock.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n${command}\n`, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
        const held = readLock(file);
        // Our own pid in it is a stale lock too: a container restarted after a SIGKILL gives
        // its launcher the pid the killed one had.
        if (held && held.pid !== process.pid && isLauncher(held.pid, held.command)) return { ok: false, file, pid: held.pid };
        tookOver = held?.pid ?? null;
        try {
          // Stale: its launcher is gone. Read again just before, so as not to remove the lock of
          // a launcher that took it over meanwhile.
          if (readLock(file)?.pid === held?.pid) unlinkSync(file);
        } catch {
          /* another launcher took it over first: the next attempt sees whose it is */
        }
        continue;
      }
      process.once("exit", () => {
        // Only our own: a lock taken over after we were thought gone is the new launcher's.
        try {
          if (readLock(file)?.pid === process.pid) unlinkSync(file);
        } catch {
          /* already gone */
        }
      });
      return { ok: true, file, tookOver };
    }
  } finally {
    unlinkSync(mine);
  }
  throw new Error(`${file}: could not be taken (replaced by other launchers again and again)`);
}
