// A small pool of sandbox child processes, one execution per child at a time. isolated-vm
// keeps user code away from Node, but V8 can still abort a whole process on some out-of-memory
// paths (isolated-vm issues #527, #457); in a child that takes down only the execution that
// caused it, which is then reported as a memory failure while the worker carries on.
//
// Children are shared by every workspace, and a child cannot be pre-empted: a job holds it until
// it ends or hits its time limit (up to a minute). So jobs queue per workspace (fair-queue.ts),
// workspaces waiting are served in turn, and one workspace never holds more than `perWorkspace`
// children, even when no other workspace is waiting: a cap that applied only while others wait
// would not help the job of another workspace arriving a moment later, which would find every
// child taken by the first one's loops. Code steps are CPU-bound, so a workspace may hold one
// child per core (up to 4) — what the whole pool had before, so a single busy workspace loses no
// throughput — and the pool keeps one child more, idle unless several workspaces have work,
// so the others always find a child free of the busiest one (with one core too). The cost is
// one more process, mostly idle (~85 MB resident once it has served code and expressions).
// Several workspaces looping at once share what is left in turn.
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FairQueue } from "./fair-queue.ts";
import { SandboxError, type FromChild, type IsolateJob, type ToChild } from "./sandbox-types.ts";

type Job = IsolateJob & {
  id: number;
  /** The workspace (isolation key) the job is queued and counted under. */
  key: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
  resolve: (r: { json: string | null; durationMs: number }) => void;
  reject: (e: SandboxError) => void;
};
type Slot = { child: ChildProcess; ready: boolean; job?: Job; killedFor?: "timeout" | "aborted"; watchdog?: NodeJS.Timeout; stderr: string };

// Jobs without an isolation key (none in the run engine today) share one queue of their own.
const NO_WORKSPACE = "";

// Past the isolate's own limits, a child that has not answered is killed.
const WATCHDOG_GRACE_MS = 2_000;

function childEntry(): string {
  const here = path.join(path.dirname(fileURLToPath(import.meta.url)), "sandbox-child.ts");
  // Bundlers may move this module; the source tree is the fallback.
  return existsSync(here) ? here : path.resolve("lib/sandbox/sandbox-child.ts");
}

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly waiting = new FairQueue<Job>();
  private nextId = 1;
  /** Set by the worker's stop (stopping()): a child ending now ended with the worker, not because of the job. */
  private isStopping = false;
  private readonly size: number;
  private readonly perWorkspace: number;
  /** `size` children in all, of which one workspace (isolation key) holds at most `perWorkspace` at once. */
  constructor(size = Math.min(availableParallelism(), 4) + 1, perWorkspace = Math.max(1, size - 1)) {
    this.size = size;
    this.perWorkspace = perWorkspace;
  }

  run(job: IsolateJob & Pick<Job, "log" | "signal">): Promise<{ json: string | null; durationMs: number }> {
    return new Promise((resolve, reject) => {
      if (job.signal?.aborted) return reject(new SandboxError("aborted", "the code step was cancelled"));
      // The listener goes when the execution settles: pg-boss aborts a batch's signal when the
      // batch is done, and that must not reach executions long finished.
      const onAbort = () => this.abort(full);
      const settled = () => job.signal?.removeEventListener("abort", onAbort);
      const full: Job = {
        ...job,
        id: this.nextId++,
        key: job.isolationKey ?? NO_WORKSPACE,
        resolve: (r) => (settled(), resolve(r)),
        reject: (e) => (settled(), reject(e)),
      };
      job.signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(full.key, full);
      this.dispatch();
    });
  }

  /** Starts every child now (a worker at start-up), so the first code steps do not wait for them. */
  warm() {
    while (this.slots.length < this.size) this.spawn();
    this.updateRefs();
  }

  /** The worker is stopping: an execution whose child ends from now on is reported `aborted`
   *  (the run resumes on the next start), not `crashed` (a final failure of the step). */
  stopping() {
    this.isStopping = true;
  }

  private spawn(): Slot {
    // detached: a process group of its own, so a signal for the worker's group (Ctrl-C under npm
    // start) does not reach the child before its handlers are even installed (sandbox-child.ts).
    // It does not outlive the worker: it exits when the IPC channel closes, however the worker ends.
    const child = fork(childEntry(), [], {
      env: { NODE_ENV: "production" },
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      detached: true,
    });
    const slot: Slot = { child, ready: false, stderr: "" };
    child.stderr?.on("data", (d: Buffer) => (slot.stderr = (slot.stderr + d.toString("utf8")).slice(-4_000)));
    child.on("message", (m: FromChild) => this.onMessage(slot, m));
    child.on("exit", (code, signal) => this.onExit(slot, code, signal));
    child.on("error", () => undefined); // reported through "exit"
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    this.slots.push(slot);
    return slot;
  }

  /** Children with work (or starting for queued work) keep the process alive; idle ones do not. */
  private updateRefs() {
    for (const s of this.slots) {
      const channel = s.child.channel as { ref?: () => void; unref?: () => void } | undefined;
      if (s.job || (!s.ready && this.waiting.size > 0)) {
        s.child.ref();
        channel?.ref?.();
      } else {
        s.child.unref();
        channel?.unref?.();
      }
    }
  }

  private dispatch() {
    this.assign();
    this.updateRefs();
  }

  private assign() {
    while (this.waiting.size > 0) {
      const slot = this.slots.find((s) => s.ready && !s.job);
      if (!slot) {
        const starting = this.slots.filter((s) => !s.ready).length;
        if (starting < this.waiting.size && this.slots.length < this.size) {
          this.spawn();
          continue;
        }
        return; // a child becoming ready or free dispatches again
      }
      const job = this.waiting.take((key) => this.slots.filter((s) => s.job?.key === key).length, this.perWorkspace);
      if (!job) return; // every waiting workspace holds all the children it may; one ending dispatches again
      if (job.signal?.aborted) {
        job.reject(new SandboxError("aborted", "the code step was cancelled"));
        continue;
      }
      slot.job = job;
      slot.killedFor = undefined;
      slot.watchdog = setTimeout(() => this.kill(slot, "timeout"), job.timeoutMs + WATCHDOG_GRACE_MS);
      // Everything but the host-side callbacks crosses to the child.
      const { key: _key, log: _log, signal: _signal, resolve: _resolve, reject: _reject, ...data } = job;
      slot.child.send({ type: "run", ...data } satisfies ToChild);
    }
  }

  private abort(job: Job) {
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) {
      this.waiting.remove(job.key, job);
      this.updateRefs();
      return job.reject(new SandboxError("aborted", "the code step was cancelled"));
    }
    slot.child.send({ type: "abort", id: job.id } satisfies ToChild);
    clearTimeout(slot.watchdog);
    slot.watchdog = setTimeout(() => this.kill(slot, "aborted"), WATCHDOG_GRACE_MS);
  }

  private kill(slot: Slot, why: "timeout" | "aborted") {
    slot.killedFor = why;
    slot.child.kill("SIGKILL");
  }

  private finish(slot: Slot): Job | undefined {
    const job = slot.job;
    clearTimeout(slot.watchdog);
    slot.job = undefined;
    return job;
  }

  private onMessage(slot: Slot, m: FromChild) {
    if (m.type === "ready") {
      slot.ready = true;
      return this.dispatch();
    }
    if (!slot.job || m.id !== slot.job.id) return;
    if (m.type === "log") return slot.job.log?.(m.line);
    const job = this.finish(slot)!;
    if (m.ok) job.resolve({ json: m.json, durationMs: m.durationMs });
    else job.reject(new SandboxError(m.reason, m.message));
    this.dispatch();
  }

  private onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null) {
    this.slots.splice(this.slots.indexOf(slot), 1);
    const job = this.finish(slot);
    if (job) {
      const oom = /out of memory|heap_oom|Allocation failed|CALL_AND_RETRY_LAST/i.test(slot.stderr);
      const what = job.kind === "expression" ? "the expression" : "the code";
      if (slot.killedFor === "timeout") job.reject(new SandboxError("timeout", `${what} ran longer than its ${job.timeoutMs / 1000} s time limit`));
      else if (slot.killedFor === "aborted") job.reject(new SandboxError("aborted", "the code step was cancelled"));
      // Ended with the worker (or by a stop signal sent to the child itself): not the code's doing.
      else if (this.isStopping || signal === "SIGTERM" || signal === "SIGINT") job.reject(new SandboxError("aborted", `the sandbox process was stopped (${signal ?? `exit code ${code}`})`));
      else if (oom) job.reject(new SandboxError("memory", `${what} used more than its ${job.memoryMb} MB memory limit`));
      else job.reject(new SandboxError("crashed", `the sandbox process ended unexpectedly (${signal ?? `exit code ${code}`})`));
    } else if (!slot.ready && this.waiting.size > 0) {
      // A child that dies before it is ready would fail every queued job the same way.
      const reason = this.isStopping ? "aborted" : "crashed";
      for (const j of this.waiting.drain()) j.reject(new SandboxError(reason, `the sandbox process could not start: ${slot.stderr.trim().split("\n").pop() ?? signal ?? code}`));
    }
    this.dispatch();
  }
}

const g = globalThis as unknown as { __sandboxPool?: SandboxPool };

/** The process's one pool (code steps, regex matches, expressions with regular expressions), started on first use. */
export function sharedSandboxPool(): SandboxPool {
  return (g.__sandboxPool ??= new SandboxPool());
}
