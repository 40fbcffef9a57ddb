// A console line longer than a log line may be is cut, and the cut is shown with "…" — which is
// also what lets the engine mask the start of a secret the cut fell inside. The sandbox cut lines
// at 10,000 characters and appended "…", then the engine cut them again at 10,000, dropping the
// "…": the stored line ended in "…s3cr3t-Val", the secret's first ten characters in clear.
import { describe, expect, it } from "vitest";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, startEngineWorker } from "./run-engine-fixtures";

const SECRET = "s3cr3t-Value-998877";

startEngineWorker();

async function logsOf(code: string) {
  const workspaceId = await createWorkspace({ secrets: { API_KEY: SECRET } });
  const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "code", config: { code } }], { workspaceId });
  const run = await finishedRun(await enqueueRun(wf, {}), 60_000);
  expect(run.status).toBe("succeeded");
  return run.steps[1].logs as string[];
}

describe("a long console line in a code step", () => {
  it("ends in … where it was cut, and the part of a secret before the cut is masked", async () => {
    // The secret reaches the code only as text here: code steps never read secrets themselves.
    const logs = await logsOf(`console.log('a'.repeat(9990) + '${SECRET}'); console.log('%s', 'b'.repeat(9995) + '${SECRET.toUpperCase()}'); return 1`);
    expect(logs).toHaveLength(2);
    for (const line of logs) {
      expect(line.length).toBeLessThanOrEqual(10_000);
      expect(line.endsWith("••••…"), line.slice(-30)).toBe(true);
      expect(line.toLowerCase()).not.toContain("s3cr3");
    }
    expect(logs[0]).toMatch(/^a{9990}••••…$/);
    expect(logs[1]).toMatch(/^b{9995}••••…$/);
  });

  it("of exactly the limit is kept whole, without a …", async () => {
    const logs = await logsOf(`console.log('c'.repeat(10000)); return 1`);
    expect(logs).toEqual(["c".repeat(10_000)]);
  });
});
