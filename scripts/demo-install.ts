// The demo's second half, over the management API like any client would do it: app accounts
// pointing at the fake MSP stack, the six blueprints installed and Live in the demo client
// workspace, then one real run of each (deliveries to the webhook URLs, Run now for the
// scheduled ones) reported as they finish.
import { BLUEPRINTS } from "@/lib/blueprints";
import { fakeConnections } from "@/tests/fakes/msp-connections";
import type { MspStack } from "@/tests/fakes/msp-stack";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Setup per blueprint for the demo: the example, with a 30-second Wait so it finishes soon. */
const DEMO_SETUP: Record<string, Record<string, unknown>> = { "low-disk-remediation": { waitSeconds: 30 } };

const DOMAIN = "contoso-dental.com";
/** What each workflow is sent (webhooks) or how it is started (schedulers: Run now). */
const FIRST_RUNS: Record<string, unknown[]> = {
  "new-hire-provisioning": [{ firstName: "Ana", lastName: "Silva", department: "Clinical", managerEmail: `maria.lopez@${DOMAIN}`, jobTitle: "Dental Hygienist" }],
  "edr-alert-triage": [
    { alertId: "ALR-20931", hostId: "host-7f3a", hostname: "CD-CLINIC-07", processHash: "9f2c4e1d0b7a6c5e8f3d2a1b0c9e8d7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d", commandLine: "powershell.exe -nop -w hidden -enc SQBFAFgA", threatClassification: "Critical" },
    { alertId: "ALR-20932", hostId: "host-21bc", hostname: "CD-FRONT-02", processHash: "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9", commandLine: "C:\\Users\\dan\\Downloads\\invoice.pdf.exe", threatClassification: "Low" },
  ],
  "leaver-deprovisioning": [{ ticketId: 2001, userPrincipalName: `jamie.reed@${DOMAIN}`, displayName: "Jamie Reed", managerEmail: `maria.lopez@${DOMAIN}` }],
  "low-disk-remediation": [{ alertId: "alr-88311", deviceId: "dev-1042", hostname: "CD-FRONT-02", drive: "C:", freeGb: 9.5, freePercent: 4, ticketId: 2002 }],
};

export type DemoApi = { baseUrl: string; token: string; log: (line: string) => void };

async function call(api: DemoApi, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Json;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ""}`);
  return json;
}

export type InstalledDemo = { slug: string; title: string; workflowId: string; webhookUrl: string | null };

export async function installDemo(api: DemoApi, stack: MspStack, workspaceId: string): Promise<InstalledDemo[]> {
  for (const c of fakeConnections(stack)) {
    await call(api, "POST", `/api/v1/workspaces/${workspaceId}/connections`, { app: c.app, name: c.name, authKind: c.authKind, baseUrl: c.baseUrl, config: c.config, credentials: c.credentials });
  }
  api.log(`created ${fakeConnections(stack).length} app accounts pointing at the fakes`);
  const out: InstalledDemo[] = [];
  for (const b of BLUEPRINTS) {
    const setup = { ...(b.exampleSetup as Record<string, unknown>), ...DEMO_SETUP[b.slug] };
    const wf = await call(api, "POST", `/api/v1/workspaces/${workspaceId}/blueprints/${b.slug}`, { setup });
    const live = await call(api, "POST", `/api/v1/workflows/${wf.id}/live`);
    out.push({ slug: b.slug, title: b.title, workflowId: wf.id, webhookUrl: live.webhookUrl });
    api.log(`installed and Live: ${b.number}. ${b.title}${live.webhookUrl ? ` — ${live.webhookUrl}` : " — scheduled"}`);
  }
  return out;
}

/** Starts the first runs and resolves with their run ids (not waiting for them to finish). */
export async function startFirstRuns(api: DemoApi, installed: InstalledDemo[]): Promise<{ title: string; workflowId: string; runId: string }[]> {
  const started: { title: string; workflowId: string; runId: string }[] = [];
  for (const w of installed) {
    if (!w.webhookUrl) {
      const { run } = await call(api, "POST", `/api/v1/workflows/${w.workflowId}/steps/1/test`, { scope: "workflow" });
      started.push({ title: `${w.title} (Run now)`, workflowId: w.workflowId, runId: run.id });
      continue;
    }
    for (const payload of FIRST_RUNS[w.slug] ?? []) {
      const known = new Set(((await call(api, "GET", `/api/v1/workflows/${w.workflowId}/runs?limit=500`)).runs as Json[]).map((r) => r.id));
      const res = await fetch(w.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
      if (res.status !== 202) throw new Error(`delivery to ${w.title} answered ${res.status}`);
      // The 202 comes before the run exists in the list only for a moment; poll for it.
      for (let i = 0; i < 100; i++) {
        const runs = (await call(api, "GET", `/api/v1/workflows/${w.workflowId}/runs?limit=500`)).runs as Json[];
        const fresh = runs.find((r) => !known.has(r.id));
        if (fresh) {
          started.push({ title: w.title, workflowId: w.workflowId, runId: fresh.id });
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  return started;
}

/** Prints each run's outcome as it reaches a final state. */
export async function reportRuns(api: DemoApi, runs: { title: string; workflowId: string; runId: string }[], workspaceId: string, publicUrl: string) {
  const pending = new Map(runs.map((r) => [r.runId, r]));
  const waiting = new Set<string>();
  const deadline = Date.now() + 5 * 60_000;
  while (pending.size > 0 && Date.now() < deadline) {
    for (const [id, r] of pending) {
      const run = await call(api, "GET", `/api/v1/runs/${id}`);
      if (run.status === "waiting" && !waiting.has(id)) {
        waiting.add(id);
        api.log(`… ${r.title}: waiting (Wait step); resumes by itself`);
      }
      if (!["succeeded", "failed", "stopped"].includes(run.status)) continue;
      pending.delete(id);
      const steps = (run.steps as Json[]).map((s) => `${s.number}:${s.status}`).join(" ");
      const failed = (run.steps as Json[]).find((s) => s.status === "failed");
      api.log(`${run.status === "succeeded" ? "✓" : "✗"} ${r.title}: ${run.status} [${steps}]${failed ? ` — step ${failed.number}: ${failed.error}` : ""}`);
      api.log(`    ${publicUrl}/w/${workspaceId}/workflows/${r.workflowId}`);
    }
    await new Promise((res) => setTimeout(res, 500));
  }
}
