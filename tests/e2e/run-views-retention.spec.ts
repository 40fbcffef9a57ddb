// The run views as QA found them: a run whose payload and outputs retention had cleared showed
// "Received payload" and "Output" as null boxes in Executions, null outputs under Workflow data
// and nothing on the Runs page, as if the run had received and produced nothing; Workflow data's
// "Data from" and the workflows list's last run said "Test run" / "test" where the Runs page and
// Executions say "test · step 2" / "test · whole workflow"; and Workflow data said only "skipped in
// this run" where Executions and Test & Debug name the Conditions branch.
import { expect, test } from "@playwright/test";
import { clearRunByRetention } from "./e2e-database";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a run retention cleared says so, with the day, where its payload and outputs were shown", async ({ page }) => {
  test.setTimeout(90_000);
  const { ws, id } = await openOwnWorkflow(page, "retained", [
    { kind: "webhook", config: { testingData: { host: "srv-01" } } },
    { kind: "transform", name: "Tag", config: { fields: [{ name: "host", expression: "{{ 1.host }}" }] } },
    { kind: "transform", name: "Notify", config: { fields: [{ name: "n", expression: "1" }] } },
  ]);
  const run = await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));
  await clearRunByRetention(run);
  const view = (await (await page.request.get(`/api/v1/runs/${run}`)).json()) as { trigger: unknown; outputsClearedAt: string | null };
  expect(view.trigger).toBeNull();
  const day = view.outputsClearedAt!.slice(0, 10);

  await page.reload();
  const panel = page.getByTestId("step-panel");
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run}"]`);
  // The trigger's Executions: the payload's place says it was cleared, and when; no null box.
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await entry.getByRole("button", { expanded: false }).click();
  await expect(entry.getByTestId("retention-cleared")).toHaveText(`The received payload was cleared by retention on ${day}: older finished runs keep only their statuses and errors.`);
  await expect(entry.getByLabel("Received payload")).toHaveCount(0);

  // Step 2's: its output the same way.
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await entry.getByRole("button", { expanded: false }).click();
  await expect(entry.getByTestId("retention-cleared")).toHaveText(`This step's output and logs were cleared by retention on ${day}: older finished runs keep only their statuses and errors.`);
  await expect(entry.getByLabel("Output")).toHaveCount(0);

  // Workflow data (step 3 selected): no null outputs to pick, each step says why.
  await page.getByTestId("step-node-3").click();
  const data = page.getByRole("complementary", { name: "Workflow data" });
  const tree = data.getByRole("tree", { name: "Step outputs" });
  await expect(tree).toHaveAttribute("data-run-id", run);
  await expect(tree.getByRole("treeitem").filter({ hasText: "1. Webhook" })).toContainText(`cleared by retention on ${day}`);
  await expect(tree.getByRole("treeitem").filter({ hasText: "2. Tag" })).toContainText(`cleared by retention on ${day}`);
  await expect(data.getByTestId("retention-cleared")).toContainText(`This run's payload and step outputs were cleared by retention on ${day}`);

  // The Runs page (its window widened to the backdated run's 20 days): the opened run says so above its steps.
  await page.goto(`/w/${ws}/runs?days=30`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${run}"]`);
  await row.getByRole("button", { name: `Steps of run ${run}` }).click();
  await expect(page.getByTestId("retention-cleared")).toHaveText(`This run's payload and step outputs were cleared by retention on ${day}: older finished runs keep only their statuses and errors.`);
});

test("Workflow data and the workflows list name a test's kind; Workflow data says why a step was skipped", async ({ page }) => {
  test.setTimeout(90_000);
  const { ws, id } = await openOwnWorkflow(page, "runwords", [
    { kind: "webhook", config: { testingData: { severity: "low" } } },
    {
      kind: "conditions",
      name: "Severity",
      config: {
        branches: [
          { id: "crit", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "isolate" },
          { id: "low", name: "Low", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "low" }], target: "ticket" },
        ],
        otherwise: { target: null },
      },
    },
    { id: "isolate", kind: "transform", name: "Isolate", config: { fields: [{ name: "i", expression: "1" }] } },
    // Step 4 is in the Critical branch after step 3, so Workflow data on it lists step 3 as an
    // earlier step of its own path, which this (Low) run skipped — not as another branch's.
    { id: "page", kind: "transform", name: "Page on-call", config: { fields: [{ name: "p", expression: "1" }] } },
    { id: "ticket", kind: "transform", name: "Ticket", config: { fields: [{ name: "t", expression: "1" }] } },
  ]);
  await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));

  await page.reload();
  await page.getByTestId("step-node-4").click();
  const data = page.getByRole("complementary", { name: "Workflow data" });
  const tree = data.getByRole("tree", { name: "Step outputs" });
  await expect(data.getByLabel("Data from").locator("option:checked")).toHaveText(/^Latest: test · whole workflow · succeeded · /);
  await expect(tree.getByRole("treeitem").filter({ hasText: "3. Isolate" })).toContainText("skipped in this run: the branch it took does not include it — step 2 (Severity) chose “Low”.");

  // A test of step 2 alone: the list's last run and Data from name it so.
  const stepTwo = await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/2/test`));
  await page.reload();
  await page.getByTestId("step-node-4").click();
  await expect(data.getByLabel("Data from").locator(`option[value="${stepTwo}"]`)).toHaveText(/^test · step 2 · succeeded · /);
  await page.goto(`/w/${ws}/workflows`);
  await expect(page.locator(`[data-testid=workflow-row][data-workflow-id="${id}"]`).getByLabel("Last run")).toContainText("test · step 2");
});
