// The run engine through a real worker process: runs inserted with their run-execute job, as
// the intake and the test-run API do, and read back from the database.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { encryptSecret } from "@/lib/secrets/crypto";
import { startLocalServer } from "../helpers/local-server";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, runInStatus, statuses, startEngineWorker, type StepSpec } from "./run-engine-fixtures";

startEngineWorker();

// Blueprint 3's shape: variance = active - billed; > 0 → review ticket (4), otherwise → record the check (5).
const reconciliation = (otherwise: string | null = "s5"): StepSpec[] => [
  { kind: "webhook", config: {} },
  { kind: "transform", config: { fields: [{ name: "variance", expression: "{{ 1.active }} - {{ 1.billed }}" }] } },
  {
    kind: "conditions",
    config: {
      branches: [
        { id: "over", name: "Over", rules: [{ left: "{{ 2.variance }}", op: "gt", right: 0 }], target: "s4" },
        { id: "dup", rules: [{ left: "{{ 1.duplicate }}", op: "equals", right: true }], target: "stop" },
      ],
      otherwise: { target: otherwise },
    },
  },
  { kind: "transform", config: { fields: [{ name: "ticket", expression: '"Variance of " & $string({{ 2.variance }}) & " for {{ 1.tenant }}"' }] } },
  { kind: "transform", config: { fields: [{ name: "ok", expression: "true" }] } },
];

describe("run engine", () => {
  it("runs steps in order, saves each one and follows the branch taken", async () => {
    const wf = await createWorkflow(reconciliation());
    const run = await finishedRun(await enqueueRun(wf, { tenant: "acme", active: 27, billed: 25 }));
    expect(run.status).toBe("succeeded");
    expect(statuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:skipped"]);
    expect(run.steps[0].output).toEqual({ tenant: "acme", active: 27, billed: 25 });
    expect(run.steps[1].output).toEqual({ variance: 2 });
    expect(run.steps[2].output).toEqual({ branch: "over", name: "Over", matched: true });
    expect(run.steps[3].output).toEqual({ ticket: "Variance of 2 for acme" });
    for (const s of run.steps.slice(0, 4)) {
      expect(s.startedAt).toBeInstanceOf(Date);
      expect(s.finishedAt!.getTime()).toBeGreaterThanOrEqual(s.startedAt!.getTime());
      expect(s.attempts).toBe(1);
    }
    expect(run.startedAt).toBeInstanceOf(Date);
    expect(run.finishedAt).toBeInstanceOf(Date);
  });

  it("takes the otherwise branch; a null otherwise ends the run; stop ends it as stopped", async () => {
    const other = await finishedRun(await enqueueRun(await createWorkflow(reconciliation()), { active: 5, billed: 5 }));
    expect([other.status, ...statuses(other)]).toEqual(["succeeded", "1:succeeded", "2:succeeded", "3:succeeded", "4:skipped", "5:succeeded"]);

    const ended = await finishedRun(await enqueueRun(await createWorkflow(reconciliation(null)), { active: 5, billed: 5 }));
    expect([ended.status, ...statuses(ended)]).toEqual(["succeeded", "1:succeeded", "2:succeeded", "3:succeeded", "4:skipped", "5:skipped"]);

    const stopped = await finishedRun(await enqueueRun(await createWorkflow(reconciliation()), { active: 1, billed: 5, duplicate: true }));
    expect([stopped.status, ...statuses(stopped)]).toEqual(["stopped", "1:succeeded", "2:succeeded", "3:succeeded", "4:skipped", "5:skipped"]);
    expect(stopped.steps[2].output).toEqual({ branch: "dup", name: "", matched: true });
  });

  it("lists unresolved references on the step and redacts secrets everywhere", async () => {
    const workspaceId = await createWorkspace({ vars: { REGION: "eu-west" }, secrets: { API_TOKEN: "tok-123-secret" } });
    const wf = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "code", config: { code: "console.log('token is ' + steps[1].echo); return { region: vars.REGION, echo: steps[1].echo }" } },
        { kind: "transform", config: { fields: [{ name: "auth", expression: '"Bearer {{ secrets.API_TOKEN }}"' }, { name: "missing", expression: "{{ 1.nope.deeper }}" }] } },
        { kind: "parse_json", config: { input: "{{ secrets.API_TOKEN }} is not json" } },
      ],
      { workspaceId },
    );
    const run = await finishedRun(await enqueueRun(wf, { echo: "tok-123-secret" }));
    expect(run.status).toBe("failed");
    expect(run.steps[0].output).toEqual({ echo: "••••" });
    expect(run.steps[1].output).toEqual({ region: "eu-west", echo: "••••" });
    expect(run.steps[1].logs).toEqual(["token is ••••"]);
    expect(run.steps[2].output).toEqual({ auth: "Bearer ••••", missing: null });
    expect(run.steps[2].unresolved).toEqual(["{{ 1.nope.deeper }}"]);
    expect(run.steps[3].status).toBe("failed");
    expect(run.steps[3].error).toMatch(/^the text is not valid JSON: line 1, column 2: unexpected .o. \(expected true\)/);
    expect(JSON.stringify(run)).not.toContain("tok-123-secret");
    expect(run.error).toMatch(/^step 4 \(Parse JSON "parse_json"\): the text is not valid JSON: /);
  });

  it("fails a step that uses a secret without a value, naming the key", async () => {
    const workspaceId = await createWorkspace({ secrets: { PSA_KEY: null } });
    const wf = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "transform", config: { fields: [{ name: "h", expression: '"{{ secrets.PSA_KEY }}"' }] } },
        { kind: "transform", config: { fields: [{ name: "never", expression: "1" }] } },
      ],
      { workspaceId },
    );
    const run = await finishedRun(await enqueueRun(wf, {}));
    expect([run.status, ...statuses(run)]).toEqual(["failed", "1:succeeded", "2:failed", "3:skipped"]);
    expect(run.steps[1].error).toMatch(/secret PSA_KEY: value missing/);
    expect(run.error).toMatch(/step 2 .*PSA_KEY: value missing/);
  });

  it("fails a step that uses a secret this SECRET_KEY cannot decrypt, saying so rather than that it is missing", async () => {
    const workspaceId = await createWorkspace({ secrets: { PSA_KEY: "k" } });
    // As if sealed under another key: same shape, a tag this key does not produce.
    const [v, iv, , ct] = encryptSecret("psa-secret").split(":");
    await db().variable.updateMany({ where: { workspaceId, key: "PSA_KEY" }, data: { valueEncrypted: [v, iv, Buffer.alloc(16, 7).toString("base64url"), ct].join(":") } });
    const wf = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "transform", config: { fields: [{ name: "h", expression: '"{{ secrets.PSA_KEY }}"' }] } },
      ],
      { workspaceId },
    );
    const run = await finishedRun(await enqueueRun(wf, {}));
    expect([run.status, ...statuses(run)]).toEqual(["failed", "1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toMatch(/secret PSA_KEY: its stored value cannot be decrypted with this server's SECRET_KEY/);
    expect(run.steps[1].error).not.toMatch(/value missing/);
  });

  it("summarizes rows into groups, totals and a Markdown table", async () => {
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "summarize", config: { input: "{{ 1.devices }}", groupBy: ["dept"], aggregates: [{ name: "n", op: "count" }, { name: "cost", op: "sum", field: "cost" }] } },
    ]);
    const run = await finishedRun(await enqueueRun(wf, { devices: [{ dept: "A", cost: 2 }, { dept: "B", cost: 3 }, { dept: "A", cost: 5 }] }));
    expect(run.steps[1].output).toMatchObject({ groups: [{ dept: "A", n: 2, cost: 7 }, { dept: "B", n: 1, cost: 3 }], totals: { n: 3, cost: 10 } });
    expect((run.steps[1].output as { table: string }).table).toContain("| **Total** | 3 | 10 |");
  });

  it("records only step 1 for a trigger test (scope step)", async () => {
    const wf = await createWorkflow(reconciliation());
    const run = await finishedRun(await enqueueRun(wf, { active: 1, billed: 0 }, { scope: "step" }));
    expect([run.status, ...statuses(run)]).toEqual(["succeeded", "1:succeeded"]);
  });

  it("parks a run on a Wait step without holding a worker, then resumes it", async () => {
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "wait", config: { mode: "duration", seconds: 2 } },
      { kind: "transform", config: { fields: [{ name: "after", expression: "{{ 2.resumeAt }}" }] } },
    ]);
    const runId = await enqueueRun(wf, {});
    await runInStatus(runId, "waiting");
    const waiting = await db().runStep.findMany({ where: { runId }, orderBy: { number: "asc" } });
    expect(waiting.map((s) => s.status)).toEqual(["succeeded", "waiting"]);
    const jobs = await db().$queryRawUnsafe<{ state: string }[]>(`SELECT state::text FROM pgboss.job WHERE name = 'run-execute' AND data->>'runId' = $1 AND state = 'created'`, runId);
    expect(jobs).toHaveLength(1); // the delayed resume, nobody working on it
    const run = await finishedRun(runId);
    expect([run.status, ...statuses(run)]).toEqual(["succeeded", "1:succeeded", "2:succeeded", "3:succeeded"]);
    const out = run.steps[1].output as { resumeAt: string; resumedAt: string };
    expect(Date.parse(out.resumedAt)).toBeGreaterThanOrEqual(Date.parse(out.resumeAt) - 1_000);
    expect(run.steps[2].output).toEqual({ after: out.resumeAt });
  });

  it("retries a transient failure with backoff honouring Retry-After, then fails a permanent one", async () => {
    let calls = 0;
    const server = await startLocalServer((_req, res) => {
      calls++;
      if (calls <= 2) {
        res.writeHead(503, { "retry-after": "1", "content-type": "application/json" });
        return res.end('{"busy":true}');
      }
      res.writeHead(calls === 3 ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify({ call: calls }));
    });
    try {
      const wf = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "GET", url: `${server.url}/status` } },
      ]);
      const ok = await finishedRun(await enqueueRun(wf, {}), 30_000);
      expect(ok.status).toBe("succeeded");
      expect(ok.steps[1]).toMatchObject({ status: "succeeded", attempts: 3 });
      expect(ok.steps[1].output).toMatchObject({ status: 200, body: { call: 3 } });
      // startedAt is the last attempt's; firstStartedAt the first one's, kept across the retries,
      // so the step reads as the ~2 s over its 3 attempts, not the last attempt's few ms.
      const { firstStartedAt, startedAt, finishedAt } = ok.steps[1];
      expect(firstStartedAt).toBeInstanceOf(Date);
      expect(startedAt!.getTime() - firstStartedAt!.getTime()).toBeGreaterThanOrEqual(2_000);
      expect(finishedAt!.getTime() - firstStartedAt!.getTime()).toBeGreaterThanOrEqual(2_000);

      const bad = await finishedRun(await enqueueRun(wf, {}), 30_000);
      expect(bad.status).toBe("failed");
      expect(bad.steps[1]).toMatchObject({ status: "failed", attempts: 1 });
      expect(bad.error).toMatch(/^step 2 \(HTTP Request "http"\): .*404/);
    } finally {
      await server.close();
    }
  });
});
