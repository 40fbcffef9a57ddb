// The Workflow data panel at its laptop width: field names stay readable next to a long sample
// value (the sample is what shortens), and "Inserted {{ 2.upn }} into URL" goes once it stops
// being true (another step selected, steps renumbered), giving back the help text.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, testedAndReopened } from "./own-workflow";

test.use({ viewport: { width: 1280, height: 800 } });

/** A workflow whose trigger and step 2 have run (the HTTP step after them fails: no URL yet). */
async function openTested(page: Page) {
  const own = await openOwnWorkflow(page, "datalabels", [
    { kind: "webhook", config: { testingData: { employee: { first: "Ada", last: "Lovelace", manager: "Grace Brewster Murray Hopper of the Navy" } } } },
    { kind: "transform", name: "Make UPN", config: { fields: [{ name: "upn", expression: '"ada.lovelace@acme.test"' }, { name: "count", expression: "2" }] } },
    { kind: "transform", name: "Spare", config: { fields: [{ name: "x", expression: "1" }] } },
    { kind: "http", name: "Create account", config: { method: "POST", url: "" } },
  ]);
  await testedAndReopened(page, own);
  await page.getByTestId("step-node-4").click();
  return page.getByRole("complementary", { name: "Workflow data" });
}

/** Whether the element's text is cut (shown with an ellipsis). */
const cut = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.scrollWidth > el.clientWidth);

test("field names stay whole beside a long sample value; the sample is what shortens", async ({ page }) => {
  const data = await openTested(page);
  const upn = data.locator('[data-reference="{{ 2.upn }}"]');
  await expect(upn).toContainText('"ada.lovelace@acme.test"');
  await expect(upn.locator("span").first()).toHaveText("upn");
  // The sample is long enough to be cut at this width, and the name is not.
  expect(await cut(page, '[data-reference="{{ 2.upn }}"] > span:last-child')).toBe(true);
  expect(await cut(page, '[data-reference="{{ 2.upn }}"] > span:first-child')).toBe(false);
  await expect(data.locator('[data-reference="{{ 1.employee.manager }}"]')).toBeVisible();
  expect(await cut(page, '[data-reference="{{ 1.employee.manager }}"] > span:first-child')).toBe(false);
});

test("the Inserted confirmation goes when the selection or the steps change, and the help comes back", async ({ page }) => {
  const data = await openTested(page);
  const panel = page.getByTestId("step-panel");
  const status = data.getByTestId("data-panel-hint");
  await panel.getByRole("textbox", { name: "URL", exact: true }).click();
  await data.locator('[data-reference="{{ 2.upn }}"]').click();
  await expect(status).toHaveText("Inserted {{ 2.upn }} into URL");
  // Editing inside the step (the insert itself) keeps it: it is still true.
  await expect(panel.locator('[data-reference="{{ 2.upn }}"]')).toBeVisible();
  await expect(status).toHaveText("Inserted {{ 2.upn }} into URL");

  // Another step selected: the confirmation is about the step left behind.
  await page.getByTestId("step-node-3").click();
  await expect(status).not.toContainText("Inserted");
  await expect(status).toContainText(/Outputs of earlier steps|to insert it into/);
  // Coming back to the step does not bring the old confirmation back.
  await page.getByTestId("step-node-4").click();
  await expect(panel.getByLabel("Step name")).toHaveValue("Create account");
  await expect(status).toContainText(/Outputs of earlier steps|to insert it into/);
  await expect(status).not.toContainText("Inserted");

  // Back on step 4, insert again, then move it up a place (steps renumbered, the selection
  // unchanged): the confirmation named numbers that no longer hold, so it goes.
  await page.getByTestId("step-node-4").click();
  await panel.getByRole("textbox", { name: "URL", exact: true }).click();
  await data.locator('[data-reference="{{ 1.employee.first }}"]').click();
  await expect(status).toHaveText("Inserted {{ 1.employee.first }} into URL");
  await panel.getByRole("button", { name: "Move step up" }).click();
  await expect(page.getByTestId("step-node-3")).toContainText("Create account");
  await expect(status).not.toContainText("Inserted");
  await expect(status).toContainText(/Outputs of earlier steps|to insert it into/);
});
