// What a screen reader hears in the editor, from the keyboard: the end of a test run and the
// webhook's mode and URL are said politely, once; the step panel's problems and the header's
// "Before going Live: …" are shown but do not interrupt on each keystroke or autosave; a list's
// Add puts focus in the new row. Each in a provider of its own.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

/** The polite live regions' words, as a screen reader would get them. */
const said = (page: Page, text: string) => page.locator("[aria-live=polite]").filter({ hasText: text });

test("a finished test run is said once, and so are Go live and Unpublish on the webhook panel", async ({ page }) => {
  await openOwnWorkflow(page, "saytest", [{ kind: "webhook", config: { testingData: { user: "ann" } } }]);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Test & Debug" }).focus();
  await page.keyboard.press("Enter");
  const runStep = panel.getByRole("button", { name: "Run step" });
  await runStep.focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded");
  await expect(said(page, "Result: succeeded")).toHaveCount(1);

  await panel.getByRole("tab", { name: "Configure" }).focus();
  await page.keyboard.press("Enter");
  const header = page.getByTestId("editor-header");
  await header.getByRole("button", { name: "Go live" }).focus();
  await page.keyboard.press("Enter");
  await expect(said(page, "The workflow is Live: senders POST to")).toHaveCount(1);
  await expect(header.getByRole("button", { name: "Unpublish" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(said(page, "The workflow is in Draft")).toHaveCount(1);
});

test("Add header moves focus to the new row's Name, and the step's problems do not interrupt", async ({ page }) => {
  await openOwnWorkflow(page, "sayhdr", [{ kind: "webhook", config: {} }, { kind: "http", name: "Call", config: { method: "GET", url: "https://example.com/" } }]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("button", { name: "Add header" }).focus();
  await page.keyboard.press("Enter");
  const name = panel.getByRole("textbox", { name: "Name" }).last();
  await expect(name).toBeFocused();
  // The new row's empty name is a problem: listed, not as an alert nor inside a live region.
  const problems = panel.getByTestId("step-problems");
  await expect(problems).toBeVisible();
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await expect(panel.locator("[aria-live], [role=status], [role=alert]").filter({ has: problems })).toHaveCount(0);
  // Each problem leads to its field.
  await problems.getByRole("button").first().focus();
  await page.keyboard.press("Enter");
  await expect(name).toBeFocused();
  await page.keyboard.type("X-Ti");
  await expect(panel.getByRole("alert")).toHaveCount(0);
});

test("the header's live region is the save state only, not the Before going Live note beside it", async ({ page }) => {
  await openOwnWorkflow(page, "saysave", [{ kind: "webhook", config: {} }, { kind: "http", name: "Call", config: { method: "GET", url: "" } }]);
  const header = page.getByTestId("editor-header");
  await page.getByRole("textbox", { name: "Workflow name" }).focus();
  await page.keyboard.type(" renamed");
  await expect(header.getByTestId("unfinished-steps")).toContainText("Before going Live:");
  const live = header.locator("[role=status], [aria-live]");
  await expect(live).toHaveCount(1);
  await expect(live).toHaveText("All changes saved");
});
