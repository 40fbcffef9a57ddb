// What Conditions branches do to the steps around them is said in words, not only drawn: a step
// added after a filter runs for what the filter lets through; a step no run reaches is named on
// its node, in its panel and in the header; deleting a Conditions step says its branches' steps
// then run for every event; a move that puts a step in another branch is asked first, and the
// Workflow data panel does not offer a sibling branch's outputs.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const nodeOf = (page: Page, n: number) => page.locator(`.react-flow__node:has([data-testid="step-node-${n}"])`);
const field = (name: string) => ({ fields: [{ name, expression: "1" }] });
const ping = { id: "ping", name: "Ping", rules: [{ left: "{{ 1.kind }}", op: "equals", right: "ping" }], target: "stop" };

test("a step added after a filter that is the last step runs for what the filter lets through", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "afterfilter", [
    { kind: "webhook", config: {} },
    { kind: "conditions", name: "Filter pings", config: { branches: [ping], otherwise: { target: null } } },
  ]);
  await page.getByTestId("step-node-2").click();
  await page.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^Data Transformation/ }).click();
  await expect(page.getByTestId("step-node-3")).toBeVisible();
  await expect
    .poll(async () => {
      const w = await storedWorkflow(page, id);
      return w.steps.length === 3 ? (w.steps[1].config.otherwise as { target: unknown }).target === (w.steps[2] as { id?: string }).id : "not saved";
    })
    .toBe(true);
  await expect(nodeOf(page, 3)).not.toHaveAttribute("aria-label", /no run reaches/);
  await expect(page.getByTestId("unreachable-steps")).toHaveCount(0);
});

test("a step no run reaches is said on its node, in its panel and in the header; Go live is not refused", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "unreached", [
    { kind: "webhook", config: {} },
    { kind: "conditions", name: "Filter pings", config: { branches: [ping], otherwise: { target: null } } },
    { kind: "transform", name: "Orphan", config: field("x") },
  ]);
  await expect(nodeOf(page, 3)).toHaveAttribute("aria-label", "Step 3: Orphan (Data Transformation) — no run reaches this step");
  await expect(nodeOf(page, 2)).toHaveAttribute("aria-label", "Step 2: Filter pings (Conditions)");
  const header = page.getByTestId("editor-header");
  await expect(header.getByTestId("unreachable-steps")).toContainText("Never runs: step 3 (Data Transformation) — no branch or Otherwise leads there");
  await header.getByTestId("unreachable-steps").getByRole("button").click();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Orphan");
  await expect(page.getByTestId("step-unreachable")).toContainText("No run reaches this step: no branch or Otherwise of a Conditions step leads to it");
  await header.getByRole("button", { name: "Go live" }).click();
  await expect.poll(async () => (await storedWorkflow(page, id)).mode).toBe("live");
});

// 1 webhook, 2 Severity? (Critical → 3, Low → 5), 3–4 Critical, 5–6 Low.
const severity = [
  { kind: "webhook", config: { testingData: { severity: "low" } } },
  {
    kind: "conditions",
    name: "Severity?",
    config: {
      branches: [
        { id: "crit", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "isolate" },
        { id: "low", name: "Low", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "low" }], target: "note" },
      ],
      otherwise: { target: null },
    },
  },
  { id: "isolate", kind: "transform", name: "Isolate", config: field("isolated") },
  { id: "page", kind: "transform", name: "Page on-call", config: { fields: [{ name: "paged", expression: "{{ 3.isolated }}" }] } },
  { id: "note", kind: "transform", name: "Note", config: field("noted") },
  { id: "close", kind: "transform", name: "Close", config: { fields: [{ name: "closed", expression: "{{ 5.noted }}" }] } },
];

test("deleting a Conditions step says its branches go away and which steps then run for every event", async ({ page }) => {
  await openOwnWorkflow(page, "delcond", severity);
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByRole("button", { name: "Delete step" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Delete step 2?" })).toBeVisible();
  await expect(dialog.getByTestId("delete-step-merges")).toContainText("Its branches go away: “Critical” (steps 3–4), “Low” (steps 5–6).");
  await expect(dialog.getByTestId("delete-step-merges")).toContainText("Steps 3–6 will then run one after another for every event that gets this far");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // Any other step's delete says nothing of it.
  await page.getByTestId("step-node-4").click();
  await page.getByTestId("step-panel").getByRole("button", { name: "Delete step" }).click();
  await expect(dialog.getByRole("heading", { name: "Delete step 4?" })).toBeVisible();
  await expect(dialog.getByTestId("delete-step-merges")).toHaveCount(0);
});

test("a move that puts a step in another branch is asked first, naming the step and both branches", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "movebranch", severity);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-4").click();
  await panel.getByRole("button", { name: "Move step down" }).click();
  const ask = page.getByTestId("move-changes-branch");
  await expect(ask).toContainText("step 5 (“Page on-call”) would run in branch “Low” of step 2 instead of branch “Critical” of step 2");
  await expect(page.getByTestId("step-node-4")).toContainText("Page on-call");
  await ask.getByRole("button", { name: "Keep it here" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByTestId("step-node-4")).toContainText("Page on-call");

  // Low's last step up past Low's first: asked too.
  await page.getByTestId("step-node-6").click();
  await panel.getByRole("button", { name: "Move step up" }).click();
  await expect(ask).toContainText("would run in branch “Critical” of step 2");
  await page.getByTestId("step-node-4").click();
  await panel.getByRole("button", { name: "Move step down" }).click();
  await ask.getByRole("button", { name: "Move anyway" }).click();
  await expect(page.getByTestId("step-node-5")).toContainText("Page on-call");
  await expect.poll(async () => (await storedWorkflow(page, id)).steps.slice(2).map((s) => s.name).join(",")).toBe("Isolate,Note,Page on-call,Close");
});

test("the Workflow data panel does not offer a sibling branch's outputs as earlier ones", async ({ page }) => {
  await openOwnWorkflow(page, "siblingdata", severity);
  // Step 6 (Close, Low): steps 3–4 (Critical) never ran on a run that reaches it.
  await page.getByTestId("step-node-6").click();
  const tree = page.getByRole("complementary", { name: "Workflow data" }).getByRole("tree", { name: "Step outputs" });
  await expect(tree.getByRole("treeitem").filter({ hasText: "3. Isolate" }).first()).toContainText("never runs on a run that reaches step 6 (another branch)");
  await expect(tree.getByRole("treeitem").filter({ hasText: "4. Page on-call" }).first()).toContainText("never runs on a run that reaches step 6");
  await expect(tree.getByRole("treeitem").filter({ hasText: "5. Note" }).first()).not.toContainText("never runs");
  await expect(tree.getByRole("treeitem").filter({ hasText: "1. " }).first()).not.toContainText("never runs");
});

test("a step some runs reach by a nested branch: the canvas joins it to the step after, and Workflow data says which earlier steps only some runs have", async ({ page }) => {
  // 2 Route (A → 3, Otherwise → 5); 3 Nested, in A (X → 6, Otherwise → 4). A run that took
  // Otherwise of step 2 runs 5 then 6; one that took X of step 3 runs 6 without step 5.
  const rule = [{ left: "{{ 1.kind }}", op: "equals", right: "a" }];
  await openOwnWorkflow(page, "nestedroute", [
    { kind: "webhook", config: {} },
    { kind: "conditions", name: "Route", config: { branches: [{ id: "a", name: "A", rules: rule, target: "nested" }], otherwise: { target: "ticket" } } },
    { id: "nested", kind: "conditions", name: "Nested", config: { branches: [{ id: "x", name: "X", rules: rule, target: "close" }], otherwise: { target: "inner" } } },
    { id: "inner", kind: "transform", name: "Inner", config: field("inner") },
    { id: "ticket", kind: "transform", name: "Ticket", config: field("ticket") },
    { id: "close", kind: "transform", name: "Close", config: field("closed") },
  ]);
  await expect(page.getByTestId("rf__edge-ticket->close")).toHaveCount(1);
  await expect(page.getByTestId("rf__edge-inner->ticket")).toHaveCount(0);
  await page.getByTestId("step-node-6").click();
  const tree = page.getByRole("complementary", { name: "Workflow data" }).getByRole("tree", { name: "Step outputs" });
  const row = (label: string) => tree.getByRole("treeitem").filter({ hasText: label }).first();
  await expect(row("5. Ticket").getByTestId("data-step-note")).toHaveText("has run only when Conditions step 2 takes Otherwise; runs that come another way reach step 6 without it and read it as empty");
  await expect(row("5. Ticket")).not.toContainText("never runs");
  await expect(row("3. Nested").getByTestId("data-step-note")).toHaveText('has run only when Conditions step 2 takes branch "A"; runs that come another way reach step 6 without it and read it as empty');
  await expect(row("4. Inner")).toContainText("never runs on a run that reaches step 6 (another branch)");
  await expect(row("2. Route").getByTestId("data-step-note")).toHaveCount(0);
  // At step 5 every run reaching it came the same way: no note.
  await page.getByTestId("step-node-5").click();
  await expect(row("3. Nested")).toContainText("never runs on a run that reaches step 5 (another branch)");
  await expect(tree.getByTestId("data-step-note")).toHaveCount(0);
});
