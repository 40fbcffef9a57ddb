// The worker's own lines (started, stopping) are JSON like every other log line (README, Logs),
// so a log pipeline parses them instead of receiving free text.
import { describe, expect, it } from "vitest";
import { startWorker } from "../helpers/services";

describe("worker log lines", () => {
  it("are JSON lines from start to stop", async () => {
    const worker = await startWorker();
    await worker.stop();
    const lines = worker.output().split("\n").filter((l) => l.trim());
    const parsed = lines.map((l) => {
      try {
        return JSON.parse(l) as { level?: string; msg?: string; component?: string };
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });
    expect(parsed).toContainEqual(expect.objectContaining({ level: "info", component: "worker", msg: expect.stringMatching(/^worker .* started/) }));
    expect(parsed).toContainEqual(expect.objectContaining({ level: "info", component: "worker", msg: "worker stopping (SIGTERM)" }));
  });

  it("say started and stopping at LOG_LEVEL=warn too (launchers and the benches wait for them), and nothing at info besides", async () => {
    const worker = await startWorker({ LOG_LEVEL: "warn" }); // resolves only once the started line is out
    await worker.stop();
    const parsed = worker
      .output()
      .split("\n")
      .filter((l) => l.trim().startsWith("{"))
      .map((l) => JSON.parse(l) as { level?: string; msg?: string });
    expect(parsed.filter((l) => l.level === "info").map((l) => l.msg?.replace(/^worker \S+ started.*/, "worker … started"))).toEqual(["worker … started", "worker stopping (SIGTERM)"]);
  });
});
