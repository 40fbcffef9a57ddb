// One `npm start` per DATA_DIR and PORT: the lock a launcher holds names its pid and script; a
// live launcher's lock refuses the next one, a lock whose launcher is gone (SIGKILLed) or whose
// pid now runs something else is taken over, and the lock goes when its launcher exits.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockFileName, takeLauncherLock } from "@/scripts/launcher-lock";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mspflow-lock-"));
  dirs.push(dir);
  return dir;
}

/** A live process standing in for a launcher: node running `script`, until killed. */
async function fakeLauncher(dir: string): Promise<{ child: ChildProcess; command: string }> {
  const script = path.join(dir, "start.js");
  writeFileSync(script, "process.stdout.write('up'); setInterval(() => {}, 1000);");
  const child = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  await new Promise((r) => child.stdout!.once("data", r));
  return { child, command: `${process.execPath} ${script}` };
}

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once("exit", r)));

describe("takeLauncherLock", () => {
  it("refuses while the launcher that holds it runs, then takes over once it is gone", async () => {
    const dir = newDir();
    const { child, command } = await fakeLauncher(dir);
    const file = path.join(dir, lockFileName(3000));
    writeFileSync(file, `${child.pid}\n${command}\n`);
    expect(takeLauncherLock(dir, 3000)).toEqual({ ok: false, file, pid: child.pid });
    expect(readFileSync(file, "utf8")).toBe(`${child.pid}\n${command}\n`); // touched nothing of it
    // Another PORT on the same DATA_DIR is another launcher's business.
    expect(takeLauncherLock(dir, 3001)).toMatchObject({ ok: true, tookOver: null });

    child.kill("SIGKILL");
    await exited(child);
    expect(takeLauncherLock(dir, 3000)).toEqual({ ok: true, file, tookOver: child.pid });
    expect(readFileSync(file, "utf8").split("\n")[0]).toBe(String(process.pid));
  });

  it("a pid that now runs something else, or this launcher's own pid (a restarted container), is a stale lock", async () => {
    const dir = newDir();
    const { child } = await fakeLauncher(dir);
    writeFileSync(path.join(dir, lockFileName(3000)), `${child.pid}\nnode --import tsx scripts/start.ts\n`);
    expect(takeLauncherLock(dir, 3000)).toMatchObject({ ok: true, tookOver: child.pid });
    writeFileSync(path.join(dir, lockFileName(3002)), `${process.pid}\n${readFileSync("/proc/self/cmdline", "utf8").replace(/\0$/, "").replace(/\0/g, " ")}\n`);
    expect(takeLauncherLock(dir, 3002)).toMatchObject({ ok: true, tookOver: process.pid });
  });

  it("goes when its launcher exits, and is left by one that is SIGKILLed", async () => {
    const dir = newDir();
    const file = path.join(dir, lockFileName(3000));
    const take = `import { takeLauncherLock } from "./scripts/launcher-lock.ts"; const l = takeLauncherLock(${JSON.stringify(dir)}, 3000); if (!l.ok) process.exit(2);`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", take], { cwd: root, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(file)).toBe(false);

    const held = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", `${take} process.stdout.write("held"); setInterval(() => {}, 1000);`], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    children.push(held);
    await new Promise((res) => held.stdout!.once("data", res));
    expect(readFileSync(file, "utf8").split("\n")[0]).toBe(String(held.pid));
    held.kill("SIGKILL");
    await exited(held);
    expect(existsSync(file)).toBe(true);
    expect(takeLauncherLock(dir, 3000)).toMatchObject({ ok: true, tookOver: held.pid });
  });
});
