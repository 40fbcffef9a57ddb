// Switching a Wait step to "duration" gives it a valid duration (the 120 seconds a new Wait starts
// with), so the workflow saves: it once came back as 0 seconds and the header said "Not saved:
// step 2 (Wait): Seconds: Too small". Switching back and forth keeps what each mode held while the
// editor is open: the seconds typed, the instant typed.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a Wait switched to duration saves with 120 seconds; switched to until and back, it keeps its seconds", async ({ page }) => {
  const at = "2030-01-01T09:00:00Z";
  const { id } = await openOwnWorkflow(page, "waitmode", [
    { kind: "webhook", config: {} },
    { kind: "wait", config: { mode: "until", at } },
  ]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  const saved = () => storedWorkflow(page, id).then((w) => w.steps[1].config);
  // The Wait's one-of choice is named after the key it sets.
  const mode = panel.getByRole("combobox", { name: "Mode" });
  await expect(mode).toHaveValue("until");
  await mode.selectOption("duration");
  await expect(panel.getByLabel("Seconds")).toHaveValue("120");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByText(/Not saved/)).toHaveCount(0);
  await expect.poll(saved).toEqual({ mode: "duration", seconds: 120 });

  await panel.getByLabel("Seconds").fill("45");
  await mode.selectOption("until");
  await expect(panel.getByLabel("Seconds")).toHaveCount(0);
  await expect.poll(saved).toEqual({ mode: "until", at });
  await mode.selectOption("duration");
  await expect(panel.getByLabel("Seconds")).toHaveValue("45");
  await expect.poll(saved).toEqual({ mode: "duration", seconds: 45 });
});
