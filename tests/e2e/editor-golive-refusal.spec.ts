// A refused Go live is shown under the header until it is no longer current: once a save changes
// the steps, its reason is about steps that are gone. It stayed: a schedule fixed after "Could not
// go Live: … 61 …" showed "All changes saved" under the old refusal.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("the Go live refusal goes once the steps are changed and saved", async ({ page }) => {
  await openOwnWorkflow(page, "golivestale", [
    { kind: "scheduler", config: { cron: "61 * * * *", timezone: "UTC" } },
    { kind: "code", name: "Report", config: { code: "return {}" } },
  ]);
  const header = page.getByTestId("editor-header");
  const refusal = header.getByRole("alert");
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(refusal).toContainText("Could not go Live");
  await expect(refusal).toContainText("61");

  // A save that leaves the steps as they were (a rename) keeps it: the steps are what it is about.
  const renamed = page.waitForResponse((r) => r.request().method() === "PUT" && r.status() === 200);
  await header.getByRole("textbox", { name: "Workflow name" }).fill("Monthly report");
  await renamed;
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
  await expect(refusal).toContainText("Could not go Live");

  await page.getByTestId("step-node-1").click();
  await page.getByTestId("step-panel").getByLabel("Cron expression").fill("0 2 1 * *");
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
  await expect(refusal).toHaveCount(0);

  // Go live now works, and a new refusal would show again.
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByText("Live", { exact: true })).toBeVisible();
});
