// Builds the Next app when .next is missing or older than any source it is built from.
// A lock directory keeps two launchers in one checkout from building at once.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

// proxy.ts is Next's request proxy (the old middleware): compiled into the build like app/.
const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const distDir = () => process.env.NEXT_DIST_DIR || ".next";

export function buildIsStale(root: string): boolean {
  const stamp = path.join(root, distDir(), "BUILD_ID");
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

export async function ensureBuild(root: string, log: (l: string) => void): Promise<void> {
  const lock = path.join(root, `${distDir()}-build.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another launcher is building; a lock older than 15 minutes is from a dead one.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (!buildIsStale(root)) return;
    log("building the web app (next build)…");
    const r = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status !== 0) throw new Error("next build failed");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
