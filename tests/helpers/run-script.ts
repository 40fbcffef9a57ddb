// Runs one of the operator commands (scripts/*.ts) to its exit, as `npm run` would: the test
// process's environment with `env` laid over it (a key given as undefined is removed).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(import.meta.dirname, "../..");

export type ScriptResult = { code: number; stdout: string; stderr: string; out: string };

export function runScript(script: string, args: string[] = [], env: Record<string, string | undefined> = {}, timeoutMs = 120_000): Promise<ScriptResult> {
  const childEnv = { ...process.env } as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  return promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env: childEnv, timeout: timeoutMs }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr, out: e.stdout + e.stderr }),
  );
}
