// Blueprint 6: hardware warranty and lifecycle report. Scheduler (15th of the month) → HTTP
// (devices whose warranty ends within the look-ahead, or on unsupported OS builds) →
// Summarize (by department, estimated replacement budget, overview table) → chat summary card.
import { z } from "@/lib/z";
import { isTimeZone } from "@/lib/steps/catalog";
import { plural } from "@/lib/plural";
import { chatStep, defineBlueprint, httpStep, literal } from "./blueprint";
import { nameValueTable, trimmedNames } from "./name-value-table";

export const warrantySetup = z.strictObject({
  clientName: z.string().trim().min(1).meta({ title: "Client name", description: "Shown on the summary card" }),
  lookAheadDays: z.number().int().min(1).max(730).default(90).meta({ title: "Warranty look-ahead (days)" }),
  includeUnsupportedOs: z.boolean().default(true).meta({ title: "Include devices on unsupported OS builds" }),
  hour: z.number().int().min(0).max(23).default(8).meta({ title: "Hour of day", description: "The report runs on the 15th at this hour" }),
  // Checked here as the Scheduler step checks it, so a wrong zone is named at this field (400
  // invalid_setup, setup.timezone) rather than as the workflow's step 1 (invalid_workflow).
  timezone: z.string().trim().min(1).max(64).refine(isTimeZone, "must be an IANA time zone such as UTC or Europe/London").default("UTC").meta({ title: "Time zone", description: "IANA name, e.g. Europe/London" }),
  replacementCosts: nameValueTable(z.number().min(0), "device class")
    .default({ laptop: 1400, desktop: 1100, server: 6500, tablet: 700 })
    .meta({ title: "Replacement cost per device class", description: "Device class as the inventory reports it → cost" }),
  defaultReplacementCost: z.number().min(0).default(1200).meta({ title: "Cost for other device classes" }),
  chatChannel: z.string().trim().min(1).default("it-lifecycle").meta({ title: "Chat channel", description: "Incoming-webhook path of the channel the card goes to" }),
});

type Setup = z.output<typeof warrantySetup>;

/** JSONata for a computed column: over this department's rows, or over all rows in the totals. */
const overRows = (body: string) => `(
  $all := {{ 2.body.devices }};
  $rows := $exists($department) ? $all[department = $department] : $all;
  ${body}
)`;

const budget = (s: Setup) =>
  overRows(`$costs := ${literal(trimmedNames(s.replacementCosts))};
  $sum($rows.( $c := $lookup($costs, deviceClass); $exists($c) ? $c : ${s.defaultReplacementCost} ))`);

export const warrantyLifecycleReport = defineBlueprint({
  number: 6,
  slug: "warranty-lifecycle-report",
  title: "Hardware warranty and lifecycle report",
  version: 1,
  changes: [
    { version: 1, note: "Monthly warranty and unsupported-OS report as a chat summary card." },
  ],
  purpose:
    "On the 15th of every month, lists devices whose warranty ends within the look-ahead (90 days by default) or that run unsupported OS builds, groups them by department with an estimated replacement budget, and posts a summary card with the overview table to chat.",
  description:
    "Chosen where the spec says \"not shown\": the report runs on the 15th at 08:00 UTC (hour and time zone are set up), so it lands at the start of a working day with two weeks left before month-end budget meetings. The inventory returns each listed device with its reasons (warranty_expiring, warranty_expired, unsupported_os). The estimated budget impact counts one replacement per listed device at the cost set up for its device class; an unsupported OS counts too, because those devices usually cannot take the supported build.",
  trigger: { kind: "scheduler", summary: "Scheduler: 15th of every month, 08:00 UTC" },
  apps: ["asset_inventory", "chat"],
  variables: [{ key: "CLIENT_NAME", description: "The client's company name", setupField: "clientName" }],
  setup: warrantySetup,
  exampleSetup: { clientName: "Contoso Dental" },
  build: (s, c = {}) => ({
    name: "Warranty and lifecycle report",
    steps: [
      { id: "monthly", kind: "scheduler", name: `15th of the month, ${String(s.hour).padStart(2, "0")}:00 ${s.timezone}`, config: { cron: `0 ${s.hour} 15 * *`, timezone: s.timezone } },
      httpStep("lifecycle_devices", "Devices needing attention", "asset_inventory", c, {
        path: "/devices/lifecycle",
        query: { expiringWithinDays: String(s.lookAheadDays), includeUnsupportedOs: String(s.includeUnsupportedOs) },
      }),
      {
        id: "by_department",
        kind: "summarize",
        name: "Group by department with budget impact",
        config: {
          input: "{{ 2.body.devices }}",
          groupBy: ["department"],
          aggregates: [
            { name: "devices", op: "count" },
            { name: "earliestWarrantyEnd", op: "min", field: "warrantyEnd" },
          ],
          computed: [
            { name: "warrantyEnding", expression: overRows('$count($rows["warranty_expiring" in reasons or "warranty_expired" in reasons])') },
            { name: "unsupportedOs", expression: overRows('$count($rows["unsupported_os" in reasons])') },
            { name: "budgetImpact", expression: budget(s) },
          ],
        },
      },
      chatStep("post_card", "Post the summary card", s.chatChannel, c, {
        // The device count is known only at run time, so it follows its noun rather than reading "device(s)".
        text: `Hardware lifecycle report for {{ vars.CLIENT_NAME }} — devices needing attention: {{ 3.totals.devices }} (warranty ending within ${plural(s.lookAheadDays, "day")}${s.includeUnsupportedOs ? " or unsupported OS" : ""}); estimated replacement budget {{ 3.totals.budgetImpact }}.`,
        card: {
          title: "Hardware lifecycle — {{ vars.CLIENT_NAME }}",
          facts: [
            { name: "Devices needing attention", value: "{{ 3.totals.devices }}" },
            { name: `Warranty ending within ${plural(s.lookAheadDays, "day")} or ended`, value: "{{ 3.totals.warrantyEnding }}" },
            { name: "Unsupported OS builds", value: "{{ 3.totals.unsupportedOs }}" },
            { name: "Estimated budget impact", value: "{{ 3.totals.budgetImpact }}" },
          ],
          table: "{{ 3.table }}",
        },
      }),
    ],
  }),
});
