// CPU time per delivery, by process, from /proc (Linux). On a machine shared with other work
// the throughput figures say little; CPU spent per delivery says what the same code would do
// on idle cores. Processes are sampled at the start and end of a phase.
import { existsSync, readdirSync, readFileSync } from "node:fs";

type Stat = { ppid: number; cpuMs: number };

function stat(pid: number): Stat | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, whole process
    return { ppid: Number(fields[1]), cpuMs: ticks * 10 }; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => stat(pid)?.ppid === parent);
}

export type CpuGroups = Record<string, () => number[]>;

/** Total CPU ms of each group of processes, keyed per pid so exits between samples do not go negative. */
export function sampleCpu(groups: CpuGroups): Record<string, Map<number, number>> {
  const out: Record<string, Map<number, number>> = {};
  for (const [name, pids] of Object.entries(groups)) {
    out[name] = new Map(pids().flatMap((pid) => {
      const s = stat(pid);
      return s ? [[pid, s.cpuMs] as const] : [];
    }));
  }
  return out;
}

export function cpuPerDelivery(before: ReturnType<typeof sampleCpu>, after: ReturnType<typeof sampleCpu>, deliveries: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(after)) {
    let ms = 0;
    for (const [pid, end] of after[name]) ms += end - (before[name].get(pid) ?? 0);
    out[name] = deliveries > 0 ? (ms * 1000) / deliveries : 0;
  }
  return out;
}

export const procAvailable = () => existsSync("/proc/self/stat");

/** The postmaster of an embedded server and its backends, from its data directory. */
export function postgresPids(dataDir: string | undefined): () => number[] {
  return () => {
    if (!dataDir) return [];
    const file = `${dataDir}/postgres/postmaster.pid`;
    if (!existsSync(file)) return [];
    const master = Number(readFileSync(file, "utf8").split("\n")[0]);
    return [master, ...childrenOf(master)];
  };
}
