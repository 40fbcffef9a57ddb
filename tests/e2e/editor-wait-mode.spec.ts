// Switching a Wait step to "until" and back to "duration" gives it a valid duration again (the
// 120 seconds a new Wait starts with), so the workflow saves: it once came back as 0 seconds and
// the header said "Not saved: step 2 (Wait): Seconds: Too small".
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a Wait switched to until and back to duration saves with 120 seconds", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "waitmode", [
    { kind: "webhook", config: {} },
    { kind: "wait", config: { mode: "duration", seconds: 30 } },
  ]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  // The Wait's one-of choice is named after the key it sets.
  const mode = panel.getByRole("combobox", { name: "Mode" });
  await expect(mode).toHaveValue("duration");
  await mode.selectOption("until");
  await expect(panel.getByLabel("Seconds")).toHaveCount(0);
  await mode.selectOption("duration");
  await expect(panel.getByLabel("Seconds")).toHaveValue("120");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByText(/Not saved/)).toHaveCount(0);
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[1].config).toEqual({ mode: "duration", seconds: 120 });
});
