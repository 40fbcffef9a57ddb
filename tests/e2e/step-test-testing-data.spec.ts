// Run step on step 2 with no run yet takes the webhook's Testing data as step 1's output. The
// editor then treats that test run as any other: Workflow data shows step 1's output from it
// (it said "no output yet" beside the run that had it), and wherever the run is shown for the
// step — Test & Debug's result, after leaving the tab or reloading, and its Executions entry —
// it says the data came from Testing data (the note was only in the answer to Run step).
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";
import { openTestDebug } from "./test-debug-tab";

test.use({ viewport: { width: 1600, height: 900 } });

const NOTE = "Step 1's output is its Testing data (no run had one yet)";

test("a step test on the Testing data fills Workflow data and keeps saying where step 1's output came from", async ({ page }) => {
  test.setTimeout(90_000);
  const { ws, id } = await openOwnWorkflow(page, "tdsource", [
    { kind: "webhook", config: { testingData: { host: { id: "host-7" }, severity: 4 } } },
    { kind: "transform", name: "Ticket", config: { fields: [{ name: "ticket", expression: '"INC-" & {{ 1.host.id }}' }] } },
  ]);
  const panel = await openTestDebug(page, 2);
  const data = page.getByRole("complementary", { name: "Workflow data" });
  await expect(data).toContainText("no output yet");
  await panel.getByRole("button", { name: "Run step" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("succeeded", { timeout: 15_000 });
  await expect(result).toContainText(NOTE);

  // Workflow data reads step 1's output from that run, as it does for any run with outputs.
  await expect(data.getByRole("combobox", { name: "Data from" })).toContainText("test · step 2");
  await expect(data.getByRole("treeitem", { name: /^host, object/ })).toBeVisible({ timeout: 15_000 });
  await expect(data).not.toContainText("no output yet");

  // Back on the tab, the result still says where step 1's output came from.
  await panel.getByRole("tab", { name: "Configure" }).click();
  await expect(result).toBeHidden();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await expect(result).toContainText("succeeded");
  await expect(result).toContainText(NOTE);

  // After a reload, the run's entry under the step's Executions says it too.
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByRole("list", { name: "Executions of step 2" });
  await entries.getByRole("button", { expanded: false }).first().click();
  await expect(entries).toContainText("INC-host-7");
  await expect(entries).toContainText(NOTE);
  await expect(data.getByRole("treeitem", { name: /^host, object/ })).toBeVisible();
});

test("a step test on a real run's output does not claim Testing data", async ({ page }) => {
  test.setTimeout(90_000);
  await openOwnWorkflow(page, "tdreal", [
    { kind: "webhook", config: { testingData: { host: { id: "host-8" } } } },
    { kind: "transform", name: "Ticket", config: { fields: [{ name: "ticket", expression: '"INC-" & {{ 1.host.id }}' }] } },
  ]);
  const trigger = await openTestDebug(page, 1);
  await trigger.getByRole("button", { name: "Run step" }).click();
  await expect(trigger.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  const panel = await openTestDebug(page, 2);
  await panel.getByRole("button", { name: "Run step" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("succeeded", { timeout: 15_000 });
  await expect(panel.getByLabel("Step output")).toContainText("INC-host-8");
  await expect(result).not.toContainText("Testing data");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByRole("list", { name: "Executions of step 2" });
  await entries.getByRole("button", { expanded: false }).first().click();
  await expect(entries).toContainText("INC-host-8");
  await expect(entries).not.toContainText("Testing data");
});
