// The Conditions operator "was already seen" (seen_before) through the whole product path: real
// deliveries to a Live workflow's URL, the worker running them, the runs read back from the API.
// A sender's repeat of an event takes the "seen" branch; of 20 at once exactly one is new; test
// runs check without recording; an id counts as new again after its window; each workflow has its
// own ids, and deleting it deletes them.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { pruneSeenKeys } from "@/lib/retention/prune-seen-keys";
import { recordSeenKey } from "@/lib/runs/record-seen-key";
import { finishedRunView, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api, as } = startTestServer({ worker: true });

const steps = (right: unknown = "") => [
  { id: "hook", kind: "webhook", name: "EDR alert", config: { testingData: { alertId: "alert-test" } } },
  {
    id: "dedup",
    kind: "conditions",
    name: "Repeat?",
    config: { branches: [{ id: "dup", name: "Already seen", rules: [{ left: "{{ 1.alertId }}", op: "seen_before", right }], target: "stop" }], otherwise: { target: "ticket" } },
  },
  { id: "ticket", kind: "transform", name: "Open ticket", config: { fields: [{ name: "text", expression: '"Ticket for " & {{ 1.alertId }}' }] } },
];

async function liveWorkflow(client: ApiClient, workspaceId: string, name: string, right?: unknown): Promise<{ id: string; url: string }> {
  const created = await client.post(`/api/v1/workspaces/${workspaceId}/workflows`, { name, steps: steps(right) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const live = await client.post(`/api/v1/workflows/${created.body.id}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return { id: created.body.id, url: live.body.webhookUrl };
}

const post = async (url: string, payload: unknown) => {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  expect(res.status).toBe(202);
};

/** The workflow's runs once `count` of them have ended, oldest first. */
async function finishedRuns(client: ApiClient, workflowId: string, count: number): Promise<Json[]> {
  const ids = await eventually(
    async () => {
      const list = await client.get(`/api/v1/workflows/${workflowId}/runs?limit=100`);
      const runs = list.body.runs as { id: string; status: string }[];
      return runs.length >= count && runs.every((r) => ["succeeded", "failed", "stopped"].includes(r.status)) ? runs.map((r) => r.id).reverse() : null;
    },
    60_000,
    `${count} runs of ${workflowId} to end`,
  );
  return Promise.all(ids.map((id) => finishedRunView(client, id)));
}

const dedupLog = (run: Json): string => (run.steps[1].logs as string[]).join("\n");
const tookTicket = (run: Json) => run.status === "succeeded" && run.steps[2].status === "succeeded";
const tookSeen = (run: Json) => run.status === "stopped" && run.steps[1].output?.branch === "dup";

describe("Conditions: was already seen", () => {
  it("sends a sender's repeat of an event down the seen branch, naming the run that saw it first", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "EDR dedup");
    await post(wf.url, { alertId: "alert-42" });
    const [first] = await finishedRuns(api, wf.id, 1);
    await post(wf.url, { alertId: "alert-42" });
    await post(wf.url, { alertId: "alert-43" });
    const [, repeat, other] = await finishedRuns(api, wf.id, 3);

    expect(tookTicket(first)).toBe(true);
    expect(first.steps[2].output).toEqual({ text: "Ticket for alert-42" });
    expect(dedupLog(first)).toContain('"alert-42" was not seen in the last 30 days: recorded as seen by this run → false');
    expect(tookSeen(repeat)).toBe(true);
    expect(repeat.steps[2].status).toBe("skipped");
    expect(dedupLog(repeat)).toMatch(new RegExp(`"alert-42" was already seen \\(first on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, run ${first.id}; remembered 30 days\\) → true`));
    expect(dedupLog(repeat)).toContain('taken: branch "Already seen" → Stop the run');
    expect(tookTicket(other)).toBe(true);
  });

  it("of 20 deliveries of one id at once, exactly one is new", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "burst");
    await Promise.all(Array.from({ length: 20 }, () => post(wf.url, { alertId: "storm-1" })));
    const runs = await finishedRuns(api, wf.id, 20);
    expect(runs.filter(tookTicket)).toHaveLength(1);
    expect(runs.filter(tookSeen)).toHaveLength(19);
  });

  it("test runs check the ids live runs saw but record none", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "tested");
    // Test & Debug's Run whole workflow, twice, with Testing data's alert-test: new both times.
    for (let i = 0; i < 2; i++) {
      const started = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const run = await finishedRunView(api, started.body.run.id);
      expect(tookTicket(run)).toBe(true);
      expect(dedupLog(run)).toContain('"alert-test" was not seen in the last 30 days (a test run: checked, not recorded) → false');
    }
    // So the first real delivery of it is new, and is recorded; a test run then sees it.
    await post(wf.url, { alertId: "alert-test" });
    const [, , live] = await finishedRuns(api, wf.id, 3);
    expect(live.test).toBe(false);
    expect(tookTicket(live)).toBe(true);
    const tested = await finishedRunView(api, (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" })).body.run.id);
    expect(tookSeen(tested)).toBe(true);
    expect(dedupLog(tested)).toContain(`run ${live.id}`);
    expect(await db().workflowSeenKey.count({ where: { workflowId: wf.id } })).toBe(1);
    expect(tested.test).toBe(true);
  });

  it("Run again of the run that saw an id first goes on past the rule; of a repeat, it stops as the repeat did", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "replayed");
    await post(wf.url, { alertId: "alert-77" });
    const [first] = await finishedRuns(api, wf.id, 1);
    await post(wf.url, { alertId: "alert-77" });
    const [, repeat] = await finishedRuns(api, wf.id, 2);
    expect(tookSeen(repeat)).toBe(true);

    const rerun = async (runId: string) => {
      const again = await api.post(`/api/v1/runs/${runId}/rerun`);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      return finishedRunView(api, again.body.id);
    };
    const replay = await rerun(first.id);
    expect(tookTicket(replay)).toBe(true);
    expect(dedupLog(replay)).toContain(`"alert-77" was seen only by run ${first.id}, which this run runs again: not a repeat (a test run: checked, not recorded) → false`);
    // Run again of that Run again: the same delivery still.
    expect(tookTicket(await rerun(replay.id))).toBe(true);
    const replayedRepeat = await rerun(repeat.id);
    expect(tookSeen(replayedRepeat)).toBe(true);
    expect(dedupLog(replayedRepeat)).toContain(`run ${first.id}`);
    // A later delivery of the id is still a repeat: nothing above recorded anything.
    await post(wf.url, { alertId: "alert-77" });
    const runs = await finishedRuns(api, wf.id, 6);
    expect(tookSeen(runs.filter((r) => !r.test).at(-1))).toBe(true);
  });

  it("a live run started again from one a re-push stopped takes over the id its source recorded", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "restarted");
    await post(wf.url, { alertId: "alert-9" });
    const [source] = await finishedRuns(api, wf.id, 1);
    // What "Run the stopped runs again" (rerun-stopped-runs.ts) leaves: a live run, named on its source.
    const live = () => db().run.create({ data: { workflowId: wf.id, workspaceId: t.providerA.id, status: "running", trigger: { alertId: "alert-9" } } });
    const restarted = await live();
    await db().run.update({ where: { id: source.id }, data: { rerunRunId: restarted.id } });
    expect(await recordSeenKey({ workflowId: wf.id, runId: restarted.id, key: "alert-9", windowDays: 30 })).toEqual({ seen: false, recorded: true });
    // The same step again in that run (a retry) is still not a repeat; another run's is.
    expect(await recordSeenKey({ workflowId: wf.id, runId: restarted.id, key: "alert-9", windowDays: 30 })).toEqual({ seen: false, recorded: true });
    expect(await recordSeenKey({ workflowId: wf.id, runId: (await live()).id, key: "alert-9", windowDays: 30 })).toMatchObject({ seen: true, firstRunId: restarted.id });
  });

  it("takes an id as new again once its window is over, and retention deletes it then", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "one day", "1");
    await post(wf.url, { alertId: 7 });
    await finishedRuns(api, wf.id, 1);
    // 25 hours on: as if the first delivery came yesterday.
    await db().$executeRaw`UPDATE "WorkflowSeenKey" SET "seenAt" = "seenAt" - interval '25 hours', "expiresAt" = "expiresAt" - interval '25 hours' WHERE "workflowId" = ${wf.id}`;
    await post(wf.url, { alertId: "7" }); // the same id, quoted this time
    const [, second] = await finishedRuns(api, wf.id, 2);
    expect(tookTicket(second)).toBe(true);
    expect(dedupLog(second)).toContain('"7" was not seen in the last 1 day: recorded as seen by this run → false');

    await db().$executeRaw`UPDATE "WorkflowSeenKey" SET "expiresAt" = "expiresAt" - interval '2 days' WHERE "workflowId" = ${wf.id}`;
    expect(await pruneSeenKeys()).toBeGreaterThanOrEqual(1);
    expect(await db().workflowSeenKey.count({ where: { workflowId: wf.id } })).toBe(0);
  });

  it("keeps each workflow's ids its own; deleting a workflow deletes them", async () => {
    const mine = await liveWorkflow(api, t.providerA.id, "mine");
    const outsider = as(t.outsider);
    const theirs = await liveWorkflow(outsider, t.providerB.id, "theirs");
    await post(mine.url, { alertId: "shared-1" });
    await finishedRuns(api, mine.id, 1);
    await post(theirs.url, { alertId: "shared-1" });
    const [other] = await finishedRuns(outsider, theirs.id, 1);
    expect(tookTicket(other)).toBe(true);

    expect(await db().workflowSeenKey.count({ where: { workflowId: mine.id } })).toBe(1);
    expect((await api.del(`/api/v1/workflows/${mine.id}`)).status).toBe(204);
    expect(await db().workflowSeenKey.count({ where: { workflowId: mine.id } })).toBe(0);
  });

  it("fails the step when the id has no value, saying so", async () => {
    const wf = await liveWorkflow(api, t.providerA.id, "no id");
    await post(wf.url, { alertId: "" });
    const [run] = await finishedRuns(api, wf.id, 1);
    expect(run.status).toBe("failed");
    expect(run.error).toContain('was already seen: {{ 1.alertId }} has no value (""), so there is no id to check');
  });
});
