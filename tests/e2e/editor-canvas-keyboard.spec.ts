// A keyboard user opens a step from the canvas: Tab reaches the step nodes, the focused one shows
// a focus ring, and Enter or Space opens it in the step panel as a click does.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, tabTo } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const nodeOf = (n: number) => `.react-flow__node:has([data-testid="step-node-${n}"])`;

test("Enter or Space on a focused canvas step opens it; the focused step has a visible focus ring", async ({ page }) => {
  await openOwnWorkflow(page, "canvaskeys", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Ticket text", config: { fields: [{ name: "t", expression: '"x"' }] } },
  ]);
  const panel = page.getByTestId("step-panel");
  await expect(page.getByRole("complementary", { name: "Step" })).toContainText("No step selected");

  await page.locator("body").focus();
  await tabTo(page, nodeOf(1));
  // The node itself has focus, and the step drawn in it shows that it has.
  const ring = () => page.getByTestId("step-node-1").evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(await ring()).not.toBe("none");
  await expect(page.locator(nodeOf(1))).toHaveAttribute("aria-label", /Step 1: Webhook/);

  await page.keyboard.press("Enter");
  await expect(panel.getByLabel("Step name")).toHaveValue("Webhook");
  // Opening it leaves focus on the step, so the keyboard user can go on from there.
  await expect(page.locator(nodeOf(1))).toBeFocused();

  await tabTo(page, nodeOf(2), 5);
  await page.keyboard.press(" ");
  await expect(panel.getByLabel("Step name")).toHaveValue("Ticket text");
  await expect(page.locator(nodeOf(2))).toBeFocused();
});
