// The worker runs at a lower CPU priority than the web process by default (WORKER_NICE, 10), so
// that on a shared machine the intake keeps answering while runs execute. Every thread of the
// process carries it, the ones started after start-up too (pg-boss's, the sandbox's, libuv's).
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { startWorker, type Service } from "../helpers/services";

let worker: Service | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** The nice value of each thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

const base = os.getPriority(0); // a worker cannot go below what it inherits without privilege

describe.runIf(process.platform === "linux")("worker priority", () => {
  it("lowers every thread of the worker to nice 10 by default, and says so", async () => {
    worker = await startWorker({ WORKER_NICE: "" }); // unset: the default
    const nices = threadNices(worker.proc.pid!);
    expect(nices.length).toBeGreaterThan(4);
    expect(new Set(nices)).toEqual(new Set([Math.max(10, base)]));
    expect(worker.output()).toMatch(new RegExp(`worker .* started \\(.*nice ${Math.max(10, base)}\\)`));
  });

  it("leaves the worker at the launcher's priority with WORKER_NICE=0", async () => {
    worker = await startWorker({ WORKER_NICE: "0" });
    expect(new Set(threadNices(worker.proc.pid!))).toEqual(new Set([base]));
  });
});
