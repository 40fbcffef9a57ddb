// The Delete key on the canvas asks first, with the trash button's confirmation (which warns when
// later steps read the step's output); cancelled, focus is back on the step; confirmed, it is on
// the step that took its place (the next one, or the previous one when it was the last). Delete
// on a focused step means that step, even while another one is open.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, tabTo } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const nodeOf = (n: number) => `.react-flow__node:has([data-testid="step-node-${n}"])`;

async function openWithKeyboard(page: Page, n: number) {
  await page.locator("body").focus();
  await tabTo(page, nodeOf(n));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toBeVisible();
  await expect(page.locator(nodeOf(n))).toBeFocused();
}

test("Delete on a step asks first; Cancel keeps it and its focus, Delete step moves focus to a neighbour", async ({ page }) => {
  await openOwnWorkflow(page, "deletekey", [
    { kind: "webhook", config: { testingData: { host: "srv-1" } } },
    { kind: "transform", name: "Tag host", config: { fields: [{ name: "h", expression: "{{ 1.host }}" }] } },
    { kind: "http", name: "Call RMM", config: { method: "POST", url: "https://rmm.example.test/{{ 2.h }}" } },
    { kind: "transform", name: "Last", config: { fields: [{ name: "x", expression: "1" }] } },
  ]);
  const dialog = page.getByRole("alertdialog");

  // Step 2 is used by step 3: the dialog says so, and Cancel leaves everything as it was.
  await openWithKeyboard(page, 2);
  await page.keyboard.press("Delete");
  await expect(dialog.getByRole("heading", { name: "Delete step 2?" })).toBeVisible();
  await expect(dialog).toContainText("Steps 3 use this step's output");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("step-node-2")).toContainText("Tag host");
  await expect(page.locator(nodeOf(2))).toBeFocused();

  // Escape cancels too; then confirming deletes it and focus lands on the next step (now 2).
  await page.keyboard.press("Delete");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(nodeOf(2))).toBeFocused();
  await page.keyboard.press("Delete");
  await dialog.getByRole("button", { name: "Delete step" }).click();
  await expect(page.getByTestId("step-node-2")).toContainText("Call RMM");
  await expect(page.locator(nodeOf(2))).toBeFocused();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Call RMM");

  // Backspace on one of the canvas's own controls (zoom in) is that control's key, not a delete.
  await page.getByRole("button", { name: "Zoom In" }).focus();
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Delete");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("step-node-2")).toContainText("Call RMM");

  // The last step: focus goes to the one before it.
  await openWithKeyboard(page, 3);
  await page.keyboard.press("Delete");
  await expect(dialog.getByRole("heading", { name: "Delete step 3?" })).toBeVisible();
  await expect(dialog).toContainText("“Last” is removed");
  await dialog.getByRole("button", { name: "Delete step" }).click();
  await expect(page.getByTestId("step-node-3")).toHaveCount(0);
  await expect(page.locator(nodeOf(2))).toBeFocused();
});

test("Delete on a focused step acts on that step, not on the step open in the panel", async ({ page }) => {
  await openOwnWorkflow(page, "deletefocused", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Open one", config: { fields: [{ name: "x", expression: "1" }] } },
    { kind: "transform", name: "Focused one", config: { fields: [{ name: "y", expression: "2" }] } },
    { kind: "transform", name: "Last", config: { fields: [{ name: "z", expression: "3" }] } },
  ]);
  const dialog = page.getByRole("alertdialog");
  await openWithKeyboard(page, 2);
  await tabTo(page, nodeOf(3), 5);
  await page.keyboard.press("Delete");
  await expect(dialog.getByRole("heading", { name: "Delete step 3?" })).toBeVisible();
  await expect(dialog).toContainText("“Focused one” is removed");
  await dialog.getByRole("button", { name: "Delete step" }).click();
  await expect(page.getByTestId("step-node-2")).toContainText("Open one");
  await expect(page.getByTestId("step-node-3")).toContainText("Last");
  await expect(page.getByTestId("step-node-4")).toHaveCount(0);
  // Focus is on the step that took its place.
  await expect(page.locator(nodeOf(3))).toBeFocused();
});
