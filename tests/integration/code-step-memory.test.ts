// A code step's 128 MB memory limit holds for memory isolated-vm does not count: memory V8 maps
// for a resizable ArrayBuffer or a growable SharedArrayBuffer, and the extra heap isolated-vm
// lends V8 near its limit (one 1 GB array made and dropped within a single call). Such code used
// to succeed while its sandbox child held a GB or more; it now fails like any code over the
// limit, and the child gives the memory back. WebAssembly (whose memory was not counted either)
// is not available at all.
import { readFileSync, readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/services";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

const { worker } = startEngineWorker();
let workspaceId: string;
beforeAll(async () => {
  workspaceId = await createWorkspace();
});

// One workspace throughout, as one tenant would: its code steps share warm isolates and children.
const codeRun = async (code: string) => {
  const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "code", config: { code, timeoutMs: 30_000 } }], { workspaceId });
  return finishedRun(await enqueueRun(wf, {}), 60_000);
};

/** Resident memory (MB) of each sandbox child of the worker. */
function sandboxChildrenRssMb(): number[] {
  const out: number[] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== worker.proc.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("sandbox-child")) continue;
      out.push(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

const GB = 2 ** 30;

describe("code step memory beyond what isolated-vm counts", () => {
  it.each([
    ["a resizable ArrayBuffer grown to 1 GB", `const b = new ArrayBuffer(1, { maxByteLength: ${2 * GB} }); b.resize(${GB}); new Uint8Array(b).fill(1); return b.byteLength`],
    ["a growable SharedArrayBuffer grown to 1 GB", `const b = new SharedArrayBuffer(1, { maxByteLength: ${2 * GB} }); b.grow(${GB}); new Uint8Array(b).fill(1); return b.byteLength`],
    ["resizable ArrayBuffers of 128 MB each", `const keep = []; for (let i = 0; i < 8; i++) { const b = new ArrayBuffer(2 ** 27, { maxByteLength: 2 ** 27 }); new Uint8Array(b).fill(1); keep.push(b); } return keep.length`],
    ["a transfer to a resizable 1 GB buffer", `const b = new ArrayBuffer(1, { maxByteLength: ${2 * GB} }).transfer(${GB}); new Uint8Array(b).fill(1); return b.byteLength`],
    ["an array of 134 million strings, made and dropped in one call", "return 'x'.repeat(2 ** 27).split('').length"],
  ])("%s fails the step with the memory limit", async (_what, code) => {
    const run = await codeRun(code);
    expect(statuses(run)).toEqual(["1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toBe("code step failed: the code used more than its 128 MB memory limit");
    expect(run.steps[1].output).toBeNull();
  });

  it("WebAssembly is not available, so its memory cannot be grown to 1 GB", async () => {
    const run = await codeRun(
      "const m = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); m.grow(16383); const u = new Uint8Array(m.buffer); for (let i = 0; i < u.length; i += 4096) u[i] = 1; return m.buffer.byteLength",
    );
    expect(statuses(run)).toEqual(["1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toBe("code step failed: ReferenceError: WebAssembly is not defined (line 1)");
  });

  it("the sandbox children give the memory back and serve the next code step", async () => {
    expect(worker.proc.exitCode).toBeNull();
    await eventually(async () => {
      const rss = sandboxChildrenRssMb();
      return rss.length > 0 && rss.every((mb) => mb < 400);
    }, 15_000, "every sandbox child under 400 MB resident");
    const run = await codeRun("return 1 + 1");
    expect(run.steps[1].output).toBe(2);
  });

  it("memory the limit counts is still usable up to the limit", async () => {
    const buffer = await codeRun("const b = new ArrayBuffer(100 * 2 ** 20); new Uint8Array(b).fill(1); return b.byteLength");
    expect(buffer.steps[1].output).toBe(100 * 2 ** 20);
    const objects = await codeRun("const a = []; for (let i = 0; i < 1_000_000; i++) a.push({ i, s: 'v' + i }); return a.length");
    expect(objects.steps[1].output).toBe(1_000_000);
  });
});
