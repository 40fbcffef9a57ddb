// Warm V8 isolates for the sandbox child. Creating an isolate costs ~1 ms of CPU, more than a
// typical code step itself, so an isolate is kept after an execution and reused — under rules
// that keep reuse from weakening the sandbox:
// - Only within one isolation key (the workspace): two tenants never share a V8 heap. Code of a
//   workspace can already read that workspace's variables and run data, so sharing a heap
//   between its own executions exposes nothing new.
// - Every execution still gets a new context (run-isolate.ts): its own global object and
//   built-ins, so globals or patched prototypes left by one execution are not seen by the next.
// - An isolate whose execution was stopped (time limit, cancellation, memory limit) is thrown
//   away, as is one whose heap stays large or that has served MAX_USES executions.
import ivm from "isolated-vm";

/** `prepared`: what `prepare` made in the isolate when it was created (kept with it while warm). */
export type WarmIsolate<T = undefined> = { isolate: ivm.Isolate; key: string; uses: number; prepared: T };

const MAX_IDLE = 4; // per child process (and per kind of job); each idle isolate holds a few MB
const MAX_USES = 1_000;
// Retire an isolate whose heap is still this full after an execution: garbage left behind
// would count against the next execution's memory limit.
const MAX_HEAP_SHARE = 0.25;

export type WarmIsolatesOptions<T> = {
  /** Set-up done once per isolate (e.g. loading a library), its result kept as `prepared`. */
  prepare?: (isolate: ivm.Isolate) => T;
  /** Executions an isolate serves before it is retired (default 1,000). */
  maxUses?: number;
};

export class WarmIsolates<T = undefined> {
  // Map order is least recently used first.
  private readonly idle = new Map<string, WarmIsolate<T>>();

  private readonly opts: WarmIsolatesOptions<T>;

  // No parameter property: the sandbox child runs this file with Node's type stripping.
  constructor(opts: WarmIsolatesOptions<T> = {}) {
    this.opts = opts;
  }

  /** An idle isolate of this key and memory limit, or a new one. No key: always a new one, never kept. */
  acquire(isolationKey: string | undefined, memoryMb: number): WarmIsolate<T> {
    const key = isolationKey ? `${memoryMb}:${isolationKey}` : "";
    const warm = key ? this.idle.get(key) : undefined;
    if (warm) {
      this.idle.delete(key);
      if (!warm.isolate.isDisposed) return warm;
    }
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
    return { isolate, key, uses: 0, prepared: this.opts.prepare ? this.opts.prepare(isolate) : (undefined as T) };
  }

  /** `clean`: the execution ran to its end (a value or an error thrown by the code). */
  release(warm: WarmIsolate<T>, clean: boolean) {
    warm.uses++;
    const { isolate } = warm;
    if (!clean || !warm.key || isolate.isDisposed || warm.uses >= (this.opts.maxUses ?? MAX_USES) || heapTooFull(isolate)) {
      if (!isolate.isDisposed) isolate.dispose();
      return;
    }
    this.idle.set(warm.key, warm);
    for (const [key, old] of this.idle) {
      if (this.idle.size <= MAX_IDLE) break;
      this.idle.delete(key);
      if (!old.isolate.isDisposed) old.isolate.dispose();
    }
  }

  get idleCount(): number {
    return this.idle.size;
  }
}

function heapTooFull(isolate: ivm.Isolate): boolean {
  const s = isolate.getHeapStatisticsSync();
  return s.used_heap_size + s.externally_allocated_size > s.heap_size_limit * MAX_HEAP_SHARE;
}
