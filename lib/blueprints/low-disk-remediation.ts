// Blueprint 5: low-disk-space remediation. Webhook (RMM alert) → HTTP (run the approved
// cleanup script) → Wait → HTTP (free space now) → Conditions: restored → resolve the alert,
// append the recovered space to the ticket, close it; still low → escalate to Tier 2 with
// diagnostics.
import { z } from "@/lib/z";
import { defineBlueprint, httpStep } from "./blueprint";

export const lowDiskSetup = z.strictObject({
  cleanupScriptId: z.string().trim().min(1).meta({ title: "Cleanup script id", description: "The approved script in the RMM's library" }),
  thresholdPercent: z.number().min(1).max(90).default(15).meta({ title: "Restored when free space is at least (%)", description: "Usually the monitor's own threshold" }),
  waitSeconds: z.number().int().min(1).max(3_600).default(120).meta({ title: "Wait before re-checking (seconds)", description: "Time the cleanup script needs; 2 minutes by default" }),
  tier2Board: z.string().trim().min(1).default("Tier 2").meta({ title: "Escalation board" }),
  escalationPriority: z.string().trim().min(1).default("Priority 2 - High").meta({ title: "Escalation priority" }),
});

type Setup = z.output<typeof lowDiskSetup>;

const diagnostics = (s: Setup) =>
  [
    "Automated disk cleanup did not restore free space on {{ 1.hostname }} ({{ 1.drive }}); escalated to Tier 2.",
    "Diagnostics:",
    "- Alert {{ 1.alertId }} on device {{ 1.deviceId }}: {{ 1.freeGb }} GB free ({{ 1.freePercent }}%) when raised",
    `- Cleanup script ${s.cleanupScriptId}, RMM job {{ 2.body.jobId }} ({{ 2.body.status }})`,
    "- After cleanup: {{ 4.body.freeGb }} GB free of {{ 4.body.totalGb }} GB ({{ 4.body.freePercent }}%), checked {{ 4.body.checkedAt }}",
    `- Threshold: ${s.thresholdPercent}% free`,
  ].join("\n");

export const lowDiskRemediation = defineBlueprint({
  number: 5,
  slug: "low-disk-remediation",
  title: "Low-disk-space remediation",
  version: 1,
  changes: [
    { version: 1, note: "Cleanup script, wait, free-space check, then resolve or escalate." },
  ],
  purpose:
    "Runs the approved cleanup script when a device runs low on disk space, waits, re-checks free space, then resolves the alert and closes the ticket with the recovered space — or escalates to Tier 2 with diagnostics.",
  description:
    "Trigger: the RMM's webhook when free space drops below the monitor threshold, with alertId, deviceId, hostname, drive, freeGb, freePercent and the ticketId the RMM opened in the PSA. Free space counts as restored when it is at least the threshold percentage set up here. The Wait is 2 minutes by default; the run is saved while it waits and no worker is held.",
  trigger: { kind: "webhook", summary: "Webhook: low-disk alert (device, drive, free space, ticket)" },
  apps: ["rmm", "psa"],
  variables: [],
  setup: lowDiskSetup,
  exampleSetup: { cleanupScriptId: "scr-cleanup-01", thresholdPercent: 15, waitSeconds: 120 },
  build: (s, c = {}) => ({
    name: "Low-disk-space remediation",
    steps: [
      {
        id: "disk_alert",
        kind: "webhook",
        name: "Low disk space alert",
        config: { testingData: { alertId: "alr-88311", deviceId: "dev-1042", hostname: "CD-FRONT-02", drive: "C:", freeGb: 9.5, freePercent: 4, ticketId: 2002 } },
      },
      httpStep("run_cleanup", "Run the approved cleanup script", "rmm", c, {
        path: `/devices/{{ 1.deviceId }}/scripts/${encodeURIComponent(s.cleanupScriptId)}/run`,
        json: { parameters: { drive: "{{ 1.drive }}" }, reason: "Automated remediation of alert {{ 1.alertId }}" },
      }),
      { id: "let_it_run", kind: "wait", name: `Wait ${s.waitSeconds % 60 === 0 ? `${s.waitSeconds / 60} min` : `${s.waitSeconds} s`}`, config: { mode: "duration", seconds: s.waitSeconds } },
      httpStep("check_space", "Query free space", "rmm", c, { path: "/devices/{{ 1.deviceId }}/disks/{{ 1.drive }}" }),
      {
        id: "route_space",
        kind: "conditions",
        name: "Restored above threshold?",
        config: {
          branches: [{ id: "restored", name: "Restored", match: "all", rules: [{ left: "{{ 4.body.freePercent }}", op: "gte", right: s.thresholdPercent }], target: "resolve_alert" }],
          otherwise: { target: "escalate" },
        },
      },
      httpStep("resolve_alert", "Resolve the alert", "rmm", c, { path: "/alerts/{{ 1.alertId }}/resolve", json: { note: "Free space restored to {{ 4.body.freePercent }}% by automated cleanup" } }),
      httpStep("recovered_note", "Append recovered space to the ticket", "psa", c, {
        path: "/service/tickets/{{ 1.ticketId }}/notes",
        json: {
          text: "Automated cleanup on {{ 1.hostname }} recovered disk space: {{ 1.drive }} went from {{ 1.freeGb }} GB ({{ 1.freePercent }}%) to {{ 4.body.freeGb }} GB free ({{ 4.body.freePercent }}%).",
          internal: false,
        },
      }),
      httpStep("close_ticket", "Close the ticket", "psa", c, { path: "/service/tickets/{{ 1.ticketId }}/close", json: { resolution: "Resolved automatically: disk cleanup restored free space." } }),
      httpStep("escalate", "Escalate to the Tier-2 queue", "psa", c, { method: "PATCH", path: "/service/tickets/{{ 1.ticketId }}", json: { board: s.tier2Board, status: "Escalated", priority: s.escalationPriority } }),
      httpStep("attach_diagnostics", "Attach diagnostics", "psa", c, { path: "/service/tickets/{{ 1.ticketId }}/notes", json: { text: diagnostics(s), internal: true } }),
    ],
  }),
});
