// Group commit for run progress. Every run in flight in this worker hands its step records and
// status changes here and waits; whatever arrives while one statement is being written goes
// into the next one. Each step is still saved before its run moves on (durability is per step),
// but a worker executing hundreds of runs pays a few statements per round instead of one per
// step. Nothing waits on a timer: a lone write goes out on the next event-loop turn.
import type { ProgressWrite, RunWrite, StepWrite } from "@/lib/runs/run-records";
import { writeProgress } from "@/lib/runs/write-progress";

/** Resolves with whether every step record of this write was stored (false: one was already final). */
export type ProgressWriter = (write: ProgressWrite) => Promise<boolean>;

type Pending = { write: ProgressWrite; resolve: (stored: boolean) => void; reject: (e: unknown) => void };

type Store = (steps: StepWrite[], runs: RunWrite[]) => Promise<Set<string>>;

const defaultStore: Store = (steps, runs) => writeProgress({ steps, runs });

export function createProgressWriter(store: Store = defaultStore): ProgressWriter {
  let queue: Pending[] = [];
  let running = false;

  const settle = (items: Pending[], written: Set<string>) => {
    for (const p of items) p.resolve((p.write.steps ?? []).every((s) => written.has(`${s.runId}/${s.stepId}`)));
  };

  const storeBatch = async (items: Pending[]) => {
    // Later writes of the same record win (a run never has two writes in flight, but be safe).
    const steps = new Map<string, StepWrite>();
    const runs = new Map<string, RunWrite>();
    for (const p of items) {
      for (const s of p.write.steps ?? []) steps.set(`${s.runId}/${s.stepId}`, s);
      if (p.write.run) runs.set(p.write.run.id, p.write.run);
    }
    try {
      settle(items, await store([...steps.values()], [...runs.values()]));
    } catch (e) {
      if (items.length === 1) return items[0].reject(e);
      // One run's bad data must not fail everyone else's progress: write them one by one.
      for (const p of items) await storeBatch([p]);
    }
  };

  const drain = async () => {
    while (queue.length > 0) {
      const items = queue;
      queue = [];
      await storeBatch(items);
    }
    running = false;
  };

  return (write) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ write, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    });
}
