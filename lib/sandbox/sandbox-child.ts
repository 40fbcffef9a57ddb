// Entry point of a sandbox child process: runs one isolate at a time (a code step, or an
// expression with a regular expression) for the pool in the
// worker (sandbox-pool.ts). Started with an empty environment, so no secret is even present
// in this process. Exits when the worker goes away (IPC disconnect).
//
// SIGINT and SIGTERM are ignored: they are the worker's to act on. Ctrl-C under `npm start` and a
// systemd stop (KillMode=control-group) signal every process of the group or cgroup at once, and
// a child that died of it failed the code step it was running for good, where the worker's own
// stop lets that step end (or, past its grace period, aborts it so the run resumes on the next
// start). The pool forks children in a process group of their own as well (sandbox-pool.ts);
// this covers a cgroup-wide signal, which reaches them anyway. The child still ends when the
// worker does (the channel closes) and when the pool kills it (SIGKILL).
import { runExpressionIsolate } from "./run-expression-isolate.ts";
import { runIsolate } from "./run-isolate.ts";
import { SandboxError, type FromChild, type ToChild } from "./sandbox-types.ts";
import { WarmIsolates } from "./warm-isolates.ts";

const send = (m: FromChild) => process.send?.(m);
const running = new Map<number, AbortController>();
const isolates = new WarmIsolates();

process.on("message", (m: ToChild) => {
  if (m.type === "abort") return void running.get(m.id)?.abort();
  const ac = new AbortController();
  running.set(m.id, ac);
  const execution =
    m.kind === "expression"
      ? runExpressionIsolate(m, ac.signal)
      : runIsolate({ ...m, isolates, signal: ac.signal, log: (line) => send({ type: "log", id: m.id, line }) });
  execution.then(
    (r) => send({ type: "done", id: m.id, ok: true, json: r.json, durationMs: r.durationMs }),
    (e: unknown) => {
      const err = e instanceof SandboxError ? e : new SandboxError("error", e instanceof Error ? e.message : String(e));
      send({ type: "done", id: m.id, ok: false, reason: err.reason, message: err.message });
    },
  ).finally(() => running.delete(m.id));
});
process.on("disconnect", () => process.exit(0));
process.on("SIGINT", () => undefined);
process.on("SIGTERM", () => undefined);
send({ type: "ready" });
