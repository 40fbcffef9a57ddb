// A single-step test of a Code step reads `running`, with its start, as soon as the worker starts
// executing it (real server and worker): its first write used to be the step's end, so a 30 s
// loop read `queued`, startedAt null, all along ("Waiting for the run to reach this step…" in
// Test & Debug), and its start appeared back-dated when it ended.
import { describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { finishedRunView } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

describe("Run step on a long Code step", () => {
  it("reads running with startedAt while its sandbox runs", async () => {
    const code = "const s = Date.now(); while (Date.now() - s < 30000) {} return 1";
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "Long code",
      steps: [{ kind: "webhook", name: "Alert", config: { testingData: { id: 1 } } }, { kind: "code", name: "Spin", config: { code, timeoutMs: 60_000 } }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const wf = created.body;
    // Step 1's output first, for the test of step 2 to borrow.
    expect((await finishedRunView(api, (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id)).status).toBe("succeeded");

    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const runId = res.body.run.id as string;
    const asked = Date.now();
    // Well inside the loop's 30 s: before the fix it read queued until the step ended.
    const running = await eventually(
      async () => {
        const r = (await api.get(`/api/v1/runs/${runId}?outputs=false`)).body as Json;
        expect(r.status).not.toMatch(/succeeded|failed|stopped/);
        return r.status === "running" ? r : null;
      },
      15_000,
      `run ${runId} to read running`,
    );
    expect(running.startedAt).not.toBeNull();
    expect(Date.parse(running.startedAt)).toBeGreaterThanOrEqual(asked - 1_000);
    // The Code step has no record while it runs: only step 1's, copied in.
    expect(running.steps.map((s: Json) => [s.number, s.status])).toEqual([[1, "succeeded"]]);

    expect((await api.post(`/api/v1/runs/${runId}/stop`)).status).toBe(200);
    const stopped = await finishedRunView(api, runId, 20_000);
    expect(stopped.status).toBe("stopped");
    expect(stopped.startedAt).toBe(running.startedAt);
  }, 90_000);
});
