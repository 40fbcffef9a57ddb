// The demo throws its database away at every start. It took DATA_DIR from the environment, so an
// operator who had exported DATA_DIR for `npm start` and tried the demo lost every workflow,
// run, secret and account. It now wipes only a folder it made itself: the folder is marked when
// the demo first uses it, and one holding a database without the mark, or one an `npm start`
// runs on, is refused before anything is touched. Its default folder (.data/demo, used when
// DATA_DIR is unset) is the demo's own, marked or not (demos before the mark left it unmarked).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runningPostmaster } from "@/lib/db/embedded-postgres";
import { liveLaunchers } from "./launcher-lock";

export const DEMO_MARK = "made-by-npm-run-demo";

/** Null when the demo may wipe and use `dataDir`; otherwise why not. Looks only: called before
 *  anything (the configuration's secret key file included) is written there. */
export function demoDataDirRefusal(dataDir: string, ownDefault: boolean): string | null {
  const dir = path.resolve(dataDir);
  const nothing = "nothing was changed";
  const launchers = liveLaunchers(dir);
  if (launchers.length > 0) {
    return `npm start is running on DATA_DIR ${dir} (pid ${launchers.join(", ")}); the demo wipes its database at every start, so it runs only in a folder of its own: unset DATA_DIR (the demo then uses .data/demo); ${nothing}`;
  }
  const marked = existsSync(path.join(dir, DEMO_MARK));
  const pgDir = path.join(dir, "postgres");
  if (!marked && !ownDefault && existsSync(pgDir)) {
    const running = runningPostmaster(pgDir);
    return (
      `DATA_DIR ${dir} holds a database the demo did not make (${pgDir}${running ? `, its PostgreSQL running as pid ${running.pid}` : ""}); ` +
      `the demo wipes its database at every start, so it runs only in a folder of its own: unset DATA_DIR (the demo then uses .data/demo) or set it to a new folder; ${nothing}`
    );
  }
  return null;
}

/** Marks `dataDir` as the demo's, to be wiped by the next demo too. */
export function markDemoDataDir(dataDir: string): void {
  const file = path.join(dataDir, DEMO_MARK);
  if (existsSync(file)) return;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, "This folder belongs to `npm run demo`, which deletes its database (postgres/) at every start.\nDo not point `npm start` at it.\n");
}
