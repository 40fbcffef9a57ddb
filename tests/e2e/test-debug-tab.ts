// A step's Test & Debug tab, reached as a user does: a click on the step's node, then the tab.
import { expect, type Locator, type Page } from "@playwright/test";

/** Opens step `n`'s Test & Debug tab; the step panel. */
export async function openTestDebug(page: Page, n: number): Promise<Locator> {
  await page.getByTestId(`step-node-${n}`).click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  return panel;
}

/** Runs step `n` alone from its Test & Debug tab (Run step) and waits until its result says it
 *  succeeded: the output a later step's Run step reads. The step panel. */
export async function runStepSucceeded(page: Page, n: number): Promise<Locator> {
  const panel = await openTestDebug(page, n);
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  return panel;
}
