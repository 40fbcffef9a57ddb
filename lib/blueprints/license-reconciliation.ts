// Blueprint 3: monthly reconciliation of active cloud-licence seats against billed agreement
// quantities. Scheduler (1st, 02:00 UTC) → HTTP (distributor seats per tenant) → HTTP (PSA
// agreement additions) → Data Transformation (variance = {{ 2.… }} - {{ 3.… }}, line items)
// → Conditions: under-billed → update additions or open a billing-variance ticket; zero →
// record the successful check.
import { z } from "@/lib/z";
import { defineBlueprint, httpStep, type BlueprintStep, type Connections } from "./blueprint";

export const licenseReconciliationSetup = z.strictObject({
  clientName: z.string().trim().min(1).meta({ title: "Client name", description: "Company name in the PSA" }),
  tenantId: z.string().trim().min(1).meta({ title: "Cloud tenant id", description: "The client's tenant at the licence distributor" }),
  agreementId: z.string().trim().min(1).meta({ title: "PSA agreement id", description: "The recurring agreement that bills the seats" }),
  skus: z.array(z.string().trim().min(1)).min(1).meta({ title: "Reconciled SKUs", description: "Products compared seat for seat, e.g. O365_BUSINESS_PREMIUM" }),
  onUnderBilling: z.enum(["update_agreement", "review_ticket"]).default("review_ticket").meta({
    title: "When more seats are active than billed",
    description: "update_agreement: set the addition quantities to the active counts; review_ticket: open a billing-variance ticket with line items",
  }),
  reviewBoard: z.string().trim().min(1).default("Billing").meta({ title: "Board for billing-variance tickets" }),
  reviewPriority: z.string().trim().min(1).default("Priority 3 - Normal").meta({ title: "Priority for billing-variance tickets" }),
});

type Setup = z.output<typeof licenseReconciliationSetup>;

// JSONata: one line per billed addition (plus active products with no addition at all), each
// with its own variance and monthly amount, so a ticket can show exactly what is off.
const lineItems = `(
  $subs := {{ 2.body.subscriptions }};
  $adds := {{ 3.body.additions }};
  $billedLines := $adds.( $a := $; $active := $sum($subs[sku = $a.sku].quantity);
    { "additionId": $a.id, "sku": $a.sku, "product": $a.description, "active": $active, "billed": $a.quantity,
      "variance": $active - $a.quantity, "monthlyAmount": ($active - $a.quantity) * $a.unitPrice } );
  $unbilled := $subs[$not(sku in $adds.sku)].{ "additionId": null, "sku": sku, "product": productName, "active": quantity,
      "billed": 0, "variance": quantity, "monthlyAmount": null };
  [$billedLines, $unbilled]
)`;

const transformFields = [
  { name: "active", expression: "{{ 2.body.totalQuantity }}" },
  { name: "billed", expression: "{{ 3.body.totalQuantity }}" },
  // The spec's form: billed seats (step 3) subtracted from active seats (step 2).
  { name: "variance", expression: "{{ 2.body.totalQuantity }} - {{ 3.body.totalQuantity }}" },
  { name: "lineItems", expression: lineItems },
  { name: "mismatchedLines", expression: "$count($lineItems[variance != 0])" },
  { name: "linesWithoutAddition", expression: "$count($lineItems[$not($exists(additionId)) or additionId = null])" },
  { name: "updates", expression: "[$lineItems[variance != 0 and additionId != null].{ \"id\": additionId, \"quantity\": active }]" },
  {
    name: "lineItemsText",
    expression: `$join($lineItems[variance != 0].("- " & product & " (" & sku & "): active " & $string(active) & ", billed " & $string(billed) & ", variance " & $string(variance) & (additionId ? ", addition " & additionId : ", no addition on the agreement")), "\\n")`,
  },
];

function reviewTicket(id: string, name: string, s: Setup, c: Connections): BlueprintStep {
  return httpStep(id, name, "psa", c, {
    path: "/service/tickets",
    json: {
      // Numbers after their nouns: "2 seat(s)" read like a form letter, and the count is only known at run time.
      summary: "Billing variance: {{ vars.CLIENT_NAME }} — seats active {{ 4.active }}, billed {{ 4.billed }}, variance {{ 4.variance }}",
      board: s.reviewBoard,
      priority: s.reviewPriority,
      company: "{{ vars.CLIENT_NAME }}",
      type: "Billing review",
      initialDescription: "Monthly licence reconciliation for tenant {{ vars.CSP_TENANT_ID }} against agreement {{ vars.PSA_AGREEMENT_ID }}.\nActive seats: {{ 4.active }}; billed seats: {{ 4.billed }}; variance: {{ 4.variance }}.\nLine items:\n{{ 4.lineItemsText }}",
    },
  });
}

const recordSuccess: BlueprintStep = {
  id: "record_success",
  kind: "transform",
  name: "Record the successful check",
  config: {
    fields: [
      { name: "result", expression: '"in balance"' },
      { name: "checkedAt", expression: "$now()" },
      { name: "activeSeats", expression: "{{ 4.active }}" },
      { name: "billedSeats", expression: "{{ 4.billed }}" },
    ],
  },
};

export const licenseReconciliation = defineBlueprint({
  number: 3,
  slug: "license-reconciliation",
  title: "Cloud licence vs. agreement reconciliation",
  version: 1,
  changes: [
    { version: 1, note: "Monthly comparison of active cloud seats with billed agreement additions." },
  ],
  purpose:
    "Every month, compares the client's active cloud-licence seats with the quantities billed on the recurring agreement, then updates the agreement additions or opens a billing-variance ticket with line items — or records that everything matched.",
  description:
    "Scheduler: the 1st of each month at 02:00 UTC. Step 2 reads active seats for the configured SKUs from the licence distributor (tenant: workspace variable CSP_TENANT_ID); step 3 reads the agreement additions for the same SKUs from the PSA (PSA_AGREEMENT_ID). The transform computes variance = active − billed ({{ 2.body.totalQuantity }} - {{ 3.body.totalQuantity }}) and per-product line items. More active than billed: the additions are set to the active counts, or a review ticket is opened, as set up. Zero variance with every line matching: the check is recorded in the run. Anything else (fewer active than billed, lines that cancel out, products with no addition when updating): a review ticket — billing is never reduced automatically.",
  trigger: { kind: "scheduler", summary: "Scheduler: 1st of each month at 02:00 UTC" },
  apps: ["license_distributor", "psa"],
  variables: [
    { key: "CLIENT_NAME", description: "The client's company name in the PSA", setupField: "clientName" },
    { key: "CSP_TENANT_ID", description: "The client's tenant at the licence distributor", setupField: "tenantId" },
    { key: "PSA_AGREEMENT_ID", description: "The client's recurring agreement in the PSA", setupField: "agreementId" },
  ],
  setup: licenseReconciliationSetup,
  exampleSetup: { clientName: "Contoso Dental", tenantId: "7d1f3c52-contoso", agreementId: "AGR-4471", skus: ["O365_BUSINESS_PREMIUM", "SPE_E3"], onUnderBilling: "review_ticket" },
  build: (s, c = {}) => {
    const update = s.onUnderBilling === "update_agreement";
    const skuList = s.skus.join(",");
    const underRules = [{ left: "{{ 4.variance }}", op: "gt", right: 0 }];
    // Additions can only be raised for products the agreement already bills.
    if (update) underRules.push({ left: "{{ 4.linesWithoutAddition }}", op: "equals", right: 0 });
    const tail: BlueprintStep[] = update
      ? [
          httpStep("update_additions", "Update agreement additions", "psa", c, { method: "PATCH", path: "/finance/agreements/{{ vars.PSA_AGREEMENT_ID }}/additions", json: { additions: "{{ 4.updates }}" } }),
          reviewTicket("review_ticket", "Billing-variance review ticket", s, c),
          recordSuccess,
        ]
      : [reviewTicket("review_ticket", "Billing-variance ticket with line items", s, c), recordSuccess];
    return {
      name: "Licence reconciliation",
      steps: [
        { id: "monthly", kind: "scheduler", name: "1st of the month, 02:00 UTC", config: { cron: "0 2 1 * *", timezone: "UTC" } },
        httpStep("active_seats", "Active seats per tenant", "license_distributor", c, {
          path: "/tenants/{{ vars.CSP_TENANT_ID }}/subscriptions",
          query: { status: "Active", sku: skuList },
        }),
        httpStep("billed_seats", "Billed agreement quantities", "psa", c, { path: "/finance/agreements/{{ vars.PSA_AGREEMENT_ID }}/additions", query: { sku: skuList } }),
        { id: "variance", kind: "transform", name: "Variance and line items", config: { fields: transformFields } },
        {
          id: "route_variance",
          kind: "conditions",
          name: "Route on variance",
          config: {
            branches: [
              { id: "under_billed", name: "More active than billed", match: "all", rules: underRules, target: tail[0].id },
              {
                id: "in_balance",
                name: "In balance",
                match: "all",
                rules: [
                  { left: "{{ 4.variance }}", op: "equals", right: 0 },
                  { left: "{{ 4.mismatchedLines }}", op: "equals", right: 0 },
                ],
                target: "record_success",
              },
            ],
            otherwise: { target: "review_ticket" },
          },
        },
        ...tail,
      ],
    };
  },
});
