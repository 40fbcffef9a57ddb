// Blueprints 2 (EDR alert triage) and 5 (low-disk remediation), installed through the API and
// run by real deliveries against the fake MSP stack and the fake OpenAI-compatible AI.
import { describe, expect, it } from "vitest";
import { FAKE_AUTH_HEADERS as AUTH, FAKE_CREDENTIALS } from "@/tests/fakes/msp-connections";
import { all, calls, deliver, goLive, install, resetRequests, stepOutput, stepStatuses, blueprintEnvForFile } from "./blueprint-fixtures";

const env = blueprintEnvForFile();
const HASH = "9f2c4e1d0b7a6c5e8f3d2a1b0c9e8d7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d";
const alert = (threatClassification: string, hostId = "host-7f3a") => ({
  alertId: `ALR-${threatClassification}`,
  hostId,
  hostname: "CD-CLINIC-07",
  processHash: HASH,
  commandLine: "powershell.exe -nop -w hidden -enc SQBFAFgA",
  threatClassification,
});

describe("blueprint 2: EDR alert triage", () => {
  let live: { id: string; webhookUrl: string };

  it("Critical: isolates that host, pages on-call and opens a Critical ticket carrying the AI's indicators", async () => {
    live = await goLive(env, (await install(env, "edr-alert-triage", { clientName: "Contoso Dental", criticalAction: "isolate" })).id);
    resetRequests(env.stack);
    const run = await deliver(env, live, alert("Critical"));
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:skipped"]);

    // The AI was asked with the alert's data and answered with structured indicators.
    expect(env.stack.openai.requests).toHaveLength(1);
    expect(env.stack.openai.headers[0].authorization).toBe(`Bearer ${FAKE_CREDENTIALS.openaiKey}`);
    expect(JSON.stringify(env.stack.openai.requests[0].messages)).toContain(HASH);
    expect(env.stack.openai.requests[0].response_format?.type).toBe("json_schema");
    expect(stepOutput(run, 2).json).toMatchObject({ mitreId: "T1059.001", indicators: [{ type: "sha256", value: HASH }, { type: "command_line", value: "powershell.exe -nop -w hidden -enc SQBFAFgA" }] });

    expect(calls(env.stack)).toEqual(["edr POST /api/v1/hosts/host-7f3a/isolate", "chat POST /hooks/soc-oncall", "psa POST /service/tickets"]);
    const [isolate, page, ticket] = all(env.stack);
    expect(isolate.headers.authorization).toBe(AUTH.edr.authorization);
    expect(isolate.body).toEqual({ comment: "Auto-isolated by workflow: Critical alert ALR-Critical (Command and Scripting Interpreter: PowerShell)" });
    expect(env.stack.edr.host("host-7f3a")!.containment).toBe("contained");
    expect((page.body as { text: string }).text).toContain("The host has been isolated.");
    expect(ticket.body).toMatchObject({ board: "Security Operations", priority: "Priority 1 - Critical", company: "Contoso Dental", type: "Security incident" });
    const description = (ticket.body as { initialDescription: string }).initialDescription;
    expect(description).toContain(`Indicators: [{"type":"sha256","value":"${HASH}"}`);
    expect(description).toContain("Technique: Command and Scripting Interpreter: PowerShell (T1059.001)");
  });

  it.each(["CRITICAL", "critical"])("%s (the EDR's own spelling of the severity): still isolates and opens the Critical ticket", async (level) => {
    env.stack.edr.host("host-7f3a")!.containment = "normal"; // released after the alert above
    resetRequests(env.stack);
    const run = await deliver(env, live, alert(level));
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(calls(env.stack)).toEqual(["edr POST /api/v1/hosts/host-7f3a/isolate", "chat POST /hooks/soc-oncall", "psa POST /service/tickets"]);
    expect(env.stack.edr.host("host-7f3a")!.containment).toBe("contained");
    expect(all(env.stack)[2].body).toMatchObject({ board: "Security Operations", priority: "Priority 1 - Critical" });
  });

  it.each(["Low", "Medium"])("%s: a standard ticket for business-hours review, no isolation", async (level) => {
    resetRequests(env.stack);
    const run = await deliver(env, live, alert(level, "host-21bc"));
    expect(run.status).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:skipped", "5:skipped", "6:skipped", "7:succeeded"]);
    expect(calls(env.stack)).toEqual(["psa POST /service/tickets"]);
    const ticket = all(env.stack)[0].body as Record<string, string>;
    expect(ticket).toMatchObject({ board: "Service Desk", priority: "Priority 3 - Normal", summary: `EDR alert on CD-CLINIC-07 (${level}): Command and Scripting Interpreter: PowerShell` });
    expect(ticket.initialDescription).toContain(`{"type":"sha256","value":"${HASH}"}`);
    expect(env.stack.edr.host("host-21bc")!.containment).toBe("normal");
  });

  it("notify-only routing: Critical pages on-call and opens the ticket without isolating", async () => {
    const notify = await goLive(env, (await install(env, "edr-alert-triage", { clientName: "Contoso Dental", criticalAction: "notify_only" }, "EDR triage (notify only)")).id);
    resetRequests(env.stack);
    const run = await deliver(env, notify, alert("Critical", "host-21bc"));
    expect(run.status).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:skipped"]);
    expect(calls(env.stack)).toEqual(["chat POST /hooks/soc-oncall", "psa POST /service/tickets"]);
    expect((all(env.stack)[0].body as { text: string }).text).toContain("NOT isolated");
    expect(env.stack.edr.host("host-21bc")!.containment).toBe("normal");
  });
});

describe("blueprint 5: low-disk remediation", () => {
  let live: { id: string; webhookUrl: string };
  const payload = (alertId: string, ticketId: number, freeGb: number) => ({ alertId, deviceId: "dev-1042", hostname: "CD-FRONT-02", drive: "C:", freeGb, freePercent: Math.round((freeGb / 237) * 1000) / 10, ticketId });

  it("restored: cleanup, wait, re-check, then the alert is resolved and the ticket gets the recovered space and is closed", async () => {
    // The Wait is shortened by setup (2 minutes in production).
    live = await goLive(env, (await install(env, "low-disk-remediation", { cleanupScriptId: "scr-cleanup-01", thresholdPercent: 15, waitSeconds: 1 })).id);
    resetRequests(env.stack);
    const run = await deliver(env, live, payload("alr-88311", 2002, 9.5));
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:succeeded", "8:succeeded", "9:skipped", "10:skipped"]);
    // The Wait really waited: the re-check came at least a second after the script ran.
    const [script, check] = all(env.stack);
    expect(Date.parse(check.at) - Date.parse(script.at)).toBeGreaterThanOrEqual(1_000);
    expect(all(env.stack).map((r) => [r.fake, r.method, r.path, r.body])).toEqual([
      ["rmm", "POST", "/api/v2/devices/dev-1042/scripts/scr-cleanup-01/run", { parameters: { drive: "C:" }, reason: "Automated remediation of alert alr-88311" }],
      ["rmm", "GET", "/api/v2/devices/dev-1042/disks/C:", null],
      ["rmm", "POST", "/api/v2/alerts/alr-88311/resolve", { note: "Free space restored to 17.4% by automated cleanup" }],
      ["psa", "POST", "/service/tickets/2002/notes", { text: "Automated cleanup on CD-FRONT-02 recovered disk space: C: went from 9.5 GB (4%) to 41.2 GB free (17.4%).", internal: false }],
      ["psa", "POST", "/service/tickets/2002/close", { resolution: "Resolved automatically: disk cleanup restored free space." }],
    ]);
    expect(script.headers["x-api-key"]).toBe(AUTH.rmm["x-api-key"]);
    expect(env.stack.rmm.state.alerts.get("alr-88311")!.status).toBe("resolved");
    expect(env.stack.psa.ticket(2002)).toMatchObject({ status: "Closed", closedAt: expect.any(String) });
  });

  it("still low: escalated to the Tier-2 queue with diagnostics attached", async () => {
    // A second alert on the same device; this time the cleanup frees too little.
    const rmm = env.stack.rmm.state;
    rmm.devices.get("dev-1042")!.volumes.C.freeGb = 8;
    rmm.freeGbAfterCleanup.set("dev-1042", 12.3);
    rmm.alerts.set("alr-90001", { id: "alr-90001", deviceId: "dev-1042", message: "Free space on C: below 15%", status: "open", resolutionNote: null });
    env.stack.psa.state.tickets.set(3001, { ...env.stack.psa.ticket(2002)!, id: 3001, status: "New", notes: [], closedAt: null, resolution: null });
    resetRequests(env.stack);

    const run = await deliver(env, live, payload("alr-90001", 3001, 8));
    expect(run.status).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:skipped", "7:skipped", "8:skipped", "9:succeeded", "10:succeeded"]);
    expect(calls(env.stack)).toEqual([
      "rmm POST /api/v2/devices/dev-1042/scripts/scr-cleanup-01/run",
      "rmm GET /api/v2/devices/dev-1042/disks/C:",
      "psa PATCH /service/tickets/3001",
      "psa POST /service/tickets/3001/notes",
    ]);
    const [, , escalate, diag] = all(env.stack);
    expect(escalate.body).toEqual({ board: "Tier 2", status: "Escalated", priority: "Priority 2 - High" });
    const jobId = stepOutput(run, 2).body.jobId;
    expect((diag.body as { text: string }).text).toContain(`- Cleanup script scr-cleanup-01, RMM job ${jobId} (queued)`);
    expect((diag.body as { text: string }).text).toContain("- After cleanup: 12.3 GB free of 237 GB (5.2%)");
    expect(diag.body).toMatchObject({ internal: true });
    expect(env.stack.psa.ticket(3001)).toMatchObject({ board: "Tier 2", status: "Escalated", closedAt: null });
    expect(rmm.alerts.get("alr-90001")!.status).toBe("open");
  });
});
