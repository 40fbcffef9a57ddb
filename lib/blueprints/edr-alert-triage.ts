// Blueprint 2: endpoint-security alert triage. Webhook (EDR alert) → AI Prompt (technique and
// indicators) → Conditions on severity → Critical: isolate the host (or notify only), page
// on-call in chat, Critical ticket; otherwise a standard ticket for business-hours review.
import { z } from "@/lib/z";
import { chatStep, defineBlueprint, httpStep, type BlueprintStep, type Connections } from "./blueprint";

export const edrTriageSetup = z.strictObject({
  clientName: z.string().trim().min(1).meta({ title: "Client name", description: "Company name in the PSA" }),
  criticalAction: z.enum(["isolate", "notify_only"]).default("isolate").meta({
    title: "Critical alerts",
    description: "isolate: contain the host through the EDR, then page on-call; notify_only: page on-call and let a human decide",
  }),
  criticalClassifications: z.array(z.string().trim().min(1)).min(1).default(["Critical"]).meta({
    title: "Classifications routed as Critical",
    description: "Values of the alert's threatClassification that take the Critical path (e.g. add High); matched without regard to case",
  }),
  criticalBoard: z.string().trim().min(1).default("Security Operations").meta({ title: "Board for Critical tickets" }),
  criticalPriority: z.string().trim().min(1).default("Priority 1 - Critical").meta({ title: "Priority for Critical tickets" }),
  standardBoard: z.string().trim().min(1).default("Service Desk").meta({ title: "Board for standard tickets" }),
  standardPriority: z.string().trim().min(1).default("Priority 3 - Normal").meta({ title: "Priority for standard tickets" }),
  onCallChannel: z.string().trim().min(1).default("soc-oncall").meta({ title: "On-call chat channel", description: "Incoming-webhook path of the on-call channel" }),
  model: z.string().trim().default("").meta({ title: "AI model", description: "Empty: the AI connection's default model" }),
});

type Setup = z.output<typeof edrTriageSetup>;

// Structured output, so the ticket can carry the indicators and the run can be read at a glance.
const analysisSchema = {
  type: "object",
  additionalProperties: false,
  required: ["technique", "mitreId", "summary", "indicators"],
  properties: {
    technique: { type: "string", description: "MITRE ATT&CK technique name" },
    mitreId: { type: "string", description: "e.g. T1059.001" },
    summary: { type: "string", description: "Two sentences for a technician" },
    indicators: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["type", "value"],
        properties: { type: { type: "string", enum: ["sha256", "md5", "domain", "ip", "url", "file_path", "command_line", "registry_key"] }, value: { type: "string" } },
      },
    },
  },
};

const ticketText = [
  "EDR alert {{ 1.alertId }} on {{ 1.hostname }} (host id {{ 1.hostId }}), classification {{ 1.threatClassification }}.",
  "Technique: {{ 2.json.technique }} ({{ 2.json.mitreId }})",
  "Summary: {{ 2.json.summary }}",
  "Indicators: {{ 2.json.indicators }}",
  "Process hash: {{ 1.processHash }}",
  "Command line: {{ 1.commandLine }}",
].join("\n");

// EDRs differ in how they write a severity ("Critical", "CRITICAL", "critical"): the listed
// classifications match without regard to case or surrounding spaces, so a Critical alert never
// drops to the business-hours ticket because of its spelling.
const classificationPattern = (list: string[]): string => `/^\\s*(?:${list.map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})\\s*$/i`;

function criticalPath(s: Setup, c: Connections): BlueprintStep[] {
  const isolate = s.criticalAction === "isolate";
  const steps: BlueprintStep[] = [];
  if (isolate) {
    steps.push(
      httpStep("isolate_host", "Isolate the host", "edr", c, {
        path: "/hosts/{{ 1.hostId }}/isolate",
        json: { comment: "Auto-isolated by workflow: {{ 1.threatClassification }} alert {{ 1.alertId }} ({{ 2.json.technique }})" },
      }),
    );
  }
  steps.push(
    chatStep("page_oncall", "Alert on-call", s.onCallChannel, c, {
      text: `Critical EDR alert for {{ vars.CLIENT_NAME }} on {{ 1.hostname }}: {{ 2.json.technique }} ({{ 2.json.mitreId }}). ${isolate ? "The host has been isolated." : "The host is NOT isolated (notify-only); decide on containment now."}`,
      card: { title: "Critical EDR alert — {{ 1.hostname }}", summary: "{{ 2.json.summary }}", indicators: "{{ 2.json.indicators }}", hostId: "{{ 1.hostId }}", isolated: isolate },
    }),
    httpStep("critical_ticket", "Critical ticket", "psa", c, {
      path: "/service/tickets",
      json: {
        summary: "Critical EDR alert on {{ 1.hostname }}: {{ 2.json.technique }}",
        board: s.criticalBoard,
        priority: s.criticalPriority,
        company: "{{ vars.CLIENT_NAME }}",
        type: "Security incident",
        initialDescription: `${ticketText}\n${isolate ? "Host isolated automatically." : "Host not isolated (notify-only routing)."}`,
      },
    }),
  );
  return steps;
}

export const edrAlertTriage = defineBlueprint({
  number: 2,
  slug: "edr-alert-triage",
  title: "Endpoint-security alert triage and host isolation",
  version: 2,
  changes: [
    { version: 1, note: "AI triage, Conditions on the classification, isolation, on-call alert and tickets." },
    { version: 2, note: "Critical classifications match in any case (CRITICAL, critical): v1 sent them to the business-hours ticket and left the host un-isolated." },
  ],
  purpose:
    "Summarises an EDR alert with AI (technique, indicators), then routes on severity: Critical alerts isolate the host, page on-call and open a Critical ticket; Low/Medium alerts open a standard ticket for business-hours review.",
  description:
    "Trigger: a webhook from the EDR with alertId, hostId, hostname, processHash, commandLine and threatClassification (the EDR's severity: Critical, High, Medium or Low). The Conditions step routes the classifications listed in setup (default: Critical; matched without regard to case, so CRITICAL and critical count too) to the Critical path; everything else — Low, Medium and, unless added, High — gets a standard ticket. With notify-only routing the Critical path pages on-call and opens the ticket without isolating. The AI answer is structured (JSON schema), and its indicators are written into the ticket. Set the trigger's shared secret (and the EDR's signing of its webhooks) before going Live: this workflow can isolate hosts, and without one anyone holding its URL can start it.",
  trigger: { kind: "webhook", summary: "Webhook: processHash, commandLine, threatClassification, hostId" },
  apps: ["openai", "edr", "chat", "psa"],
  variables: [{ key: "CLIENT_NAME", description: "The client's company name in the PSA", setupField: "clientName" }],
  setup: edrTriageSetup,
  exampleSetup: { clientName: "Contoso Dental", criticalAction: "isolate" },
  build: (s, c = {}) => {
    const critical = criticalPath(s, c);
    return {
      name: "EDR alert triage",
      steps: [
        {
          id: "edr_alert",
          kind: "webhook",
          name: "EDR alert received",
          config: {
            testingData: {
              alertId: "ALR-20931",
              hostId: "host-7f3a",
              hostname: "CD-CLINIC-07",
              processHash: "9f2c4e1d0b7a6c5e8f3d2a1b0c9e8d7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d",
              commandLine: "powershell.exe -nop -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA",
              threatClassification: "Critical",
            },
          },
        },
        {
          id: "analyse",
          kind: "ai_prompt",
          name: "Summarise technique and extract indicators",
          config: {
            connectionId: c.openai ?? null,
            ...(s.model ? { model: s.model } : {}),
            system: "You are a SOC analyst. Map the alert to one MITRE ATT&CK technique and list every indicator of compromise present in it. Never invent indicators.",
            prompt: "Host: {{ 1.hostname }}\nClassification: {{ 1.threatClassification }}\nProcess SHA-256: {{ 1.processHash }}\nCommand line: {{ 1.commandLine }}",
            jsonSchema: analysisSchema,
          },
        },
        {
          id: "route_severity",
          kind: "conditions",
          name: "Route on severity",
          config: {
            branches: [{ id: "critical", name: "Critical", match: "any", rules: [{ left: "{{ 1.threatClassification }}", op: "matches", right: classificationPattern(s.criticalClassifications) }], target: critical[0].id }],
            otherwise: { target: "standard_ticket" },
          },
        },
        ...critical,
        httpStep("standard_ticket", "Standard ticket for review", "psa", c, {
          path: "/service/tickets",
          json: {
            summary: "EDR alert on {{ 1.hostname }} ({{ 1.threatClassification }}): {{ 2.json.technique }}",
            board: s.standardBoard,
            priority: s.standardPriority,
            company: "{{ vars.CLIENT_NAME }}",
            type: "Security review",
            initialDescription: `${ticketText}\nReview during business hours.`,
          },
        }),
      ],
    };
  },
});
