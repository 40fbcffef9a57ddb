// Text PostgreSQL cannot store — NUL, and an unpaired UTF-16 surrogate such as half an emoji left
// by an API that cut a string in UTF-16 units — in a step's output, its keys, its log or its
// error. Such a write used to be refused, which the engine took for a worker crash: the step ran
// again (an HTTP POST five times) before the run failed with "the worker stopped… 5 times". Now
// those characters become U+FFFD and the step runs once.
import { describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

type StepView = { number: number; status: string; output: Json; error: string | null; attempts?: number; logs?: string[] };

async function runOnce(code: string): Promise<{ status: string; error: string | null; steps: StepView[] }> {
  const steps = [
    { id: "hook", kind: "webhook", name: "Hook", config: {} },
    { id: "code", kind: "code", name: "Cut text", config: { code } },
  ];
  const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "unstorable text", steps });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const url = (await api.post(`/api/v1/workflows/${id}/live`)).body.webhookUrl as string;
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(res.status).toBe(202);
  return eventually(async () => {
    const first = ((await api.get(`/api/v1/workflows/${id}/runs`)).body.runs as { id: string; status: string }[])[0];
    if (!first || !["succeeded", "failed"].includes(first.status)) return null;
    return (await api.get(`/api/v1/runs/${first.id}`)).body;
  }, 30_000, "the run to finish");
}

describe("text PostgreSQL cannot store, in a step's output, keys, log and error", () => {
  it("is stored with U+FFFD, and the step runs once", async () => {
    const run = await runOnce(`console.log("half \\ud83d"); return { s: "a\\ud800b", ["k\\u0000"]: 1, nul: "x\\u0000y", ok: "\\ud83d\\ude00" };`);
    expect(run.status).toBe("succeeded");
    const step = run.steps.find((s) => s.number === 2)!;
    expect(step.output).toEqual({ s: "a\uFFFDb", "k\uFFFD": 1, nul: "x\uFFFDy", ok: "😀" });
    expect(step.attempts ?? 1).toBe(1);
    expect(step.logs?.join("\n") ?? "").toContain("half \uFFFD");
  });

  it("in a thrown error fails the step once, with its message", async () => {
    const run = await runOnce(`throw new Error("bad \\ud800 input");`);
    expect(run.status).toBe("failed");
    const step = run.steps.find((s) => s.number === 2)!;
    expect(step.status).toBe("failed");
    expect(step.error).toContain("bad \uFFFD input");
    expect(run.error).not.toMatch(/worker stopped|could not be executed/);
  });
});
