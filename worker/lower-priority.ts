// The worker's CPU priority. Where the worker shares a machine with the web process (one box, the
// embedded database), a burst of deliveries and the execution of their runs compete for the same
// cores, and what must not slow down is the intake: a sender waits on its 202, and some disable a
// webhook that answers slowly. Runs are durable in their queue and can start a little later.
// Under the ingest benchmark with the worker (2 cores): see README, "Performance".
import os from "node:os";
import { readdirSync } from "node:fs";

/**
 * Sets every thread of this process to `nice` (Linux keeps a nice value per thread; threads made
 * later inherit their creator's), unless the process already runs lower: this only ever lowers
 * priority (which needs no privilege), so a worker started niced by its launcher stays so.
 * Returns the main thread's nice afterwards.
 */
export function lowerPriority(wanted: number): number {
  const nice = Math.max(wanted, os.getPriority(0));
  let threads: number[] = [];
  try {
    threads = readdirSync("/proc/self/task").map(Number);
  } catch {
    // not Linux: the process's priority (other systems keep one per process)
  }
  for (const tid of [0, ...threads]) {
    try {
      os.setPriority(tid, nice);
    } catch {
      // a thread that has exited meanwhile
    }
  }
  return os.getPriority(0);
}
