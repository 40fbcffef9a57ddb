// The Workflow data panel's tree with the keyboard alone, as a screen-reader user meets it: one
// Tab stop (not two or three buttons per item), Up/Down/Home/End through the items shown, Right
// and Left to open, close and move between levels, Enter to insert the focused field's reference
// into the field last edited (focus back there, the insert announced), and each item named as its
// row reads ("first, string, "Ada"") rather than together with its children. Before, the
// treeitems took no focus, the arrows did nothing and Tab stopped on "Collapse 1. Webhook" then
// "1. Webhook object 1 field".
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow, testedAndReopened } from "./own-workflow";

test.use({ viewport: { width: 1280, height: 800 } });

/** Whether the element (or one around it) is a live region, whose changes a screen reader speaks unasked. */
const liveAncestor = (l: Locator) => l.evaluate((el) => el.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]') !== null);

/** A workflow whose trigger and step 2 have run, step 3 (an HTTP step without a URL) open. */
async function openTested(page: Page) {
  const own = await openOwnWorkflow(page, "datatreekeys", [
    { kind: "webhook", config: { testingData: { employee: { first: "Ada", last: "Lovelace" }, active: true } } },
    { kind: "transform", name: "Make UPN", config: { fields: [{ name: "upn", expression: '"ada.lovelace@acme.test"' }] } },
    { kind: "http", name: "Create account", config: { method: "POST", url: "" } },
  ]);
  await testedAndReopened(page, own);
  await page.getByTestId("step-node-3").click();
  return page.getByRole("complementary", { name: "Workflow data" });
}

/** The accessible name and role of what has focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { role: el?.getAttribute("role") ?? el?.tagName.toLowerCase() ?? "", name: el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "" };
  });

test("the Workflow data tree: one Tab stop, arrows, Home/End, Right/Left, and Enter inserts into the field last edited", async ({ page }) => {
  const data = await openTested(page);
  const panel = page.getByTestId("step-panel");
  const tree = data.getByRole("tree", { name: "Step outputs" });
  await expect(tree.getByRole("treeitem", { name: 'upn, string, "ada.lovelace@acme.test"' })).toBeVisible({ timeout: 15_000 });

  // Each item named as its row reads, with its level; the steps' and fields' nesting as groups.
  await expect(tree).toMatchAriaSnapshot(`
    - tree "Step outputs":
      - treeitem "1. Webhook, object, 2 fields" [expanded] [level=1]:
        - group:
          - treeitem "employee, object, 2 fields" [expanded] [level=2]:
            - group:
              - treeitem "first, string, \\"Ada\\"" [level=3]
              - treeitem "last, string, \\"Lovelace\\"" [level=3]
          - treeitem "active, boolean, true" [level=2]
      - treeitem "2. Make UPN, object, 1 field" [expanded] [level=1]:
        - group:
          - treeitem "upn, string, \\"ada.lovelace@acme.test\\"" [level=2]
  `);
  await expect(tree.getByRole("treeitem", { name: "employee, object, 2 fields" })).toHaveAttribute("aria-posinset", "1");
  await expect(tree.getByRole("treeitem", { name: "employee, object, 2 fields" })).toHaveAttribute("aria-setsize", "2");

  // The field being edited, reached without the mouse; then Tab on until the tree.
  const url = panel.getByRole("textbox", { name: "URL", exact: true });
  await url.focus();
  await expect(data.getByTestId("data-panel-hint")).toHaveText("Click a field or press Enter on it to insert it into “URL”, or drag it there.");
  // The help is not a live region (it would be spoken at every field focused, every run ended);
  // only the answer to a pick is.
  expect(await liveAncestor(data.getByText("Click a field or press Enter on it to insert it into “URL”, or drag it there."))).toBe(false);
  const stops: string[] = [];
  for (let i = 0; i < 60 && (await focused(page)).role !== "treeitem"; i++) {
    await page.keyboard.press("Tab");
    stops.push((await focused(page)).name);
  }
  expect(await focused(page), `Tab stops: ${stops.join(" | ")}`).toEqual({ role: "treeitem", name: "1. Webhook, object, 2 fields" });
  await expect(tree.getByRole("treeitem", { name: "1. Webhook, object, 2 fields" })).toBeFocused();
  // The focused item's row is ringed (its children's rows are not).
  const ring = (name: string) => tree.getByRole("treeitem", { name, exact: true }).locator(":scope > div").first().evaluate((el) => getComputedStyle(el).boxShadow);
  expect(await ring("1. Webhook, object, 2 fields")).not.toBe("none");
  expect(await ring("employee, object, 2 fields")).toBe("none");
  // One Tab stop: the next Tab leaves the tree.
  await page.keyboard.press("Tab");
  expect((await focused(page)).role).not.toBe("treeitem");
  await page.keyboard.press("Shift+Tab");
  await expect(tree.getByRole("treeitem", { name: "1. Webhook, object, 2 fields" })).toBeFocused();

  const item = (name: string) => tree.getByRole("treeitem", { name, exact: true });
  await page.keyboard.press("ArrowDown");
  await expect(item("employee, object, 2 fields")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(item('first, string, "Ada"')).toBeFocused();
  await page.keyboard.press("End");
  await expect(item('upn, string, "ada.lovelace@acme.test"')).toBeFocused();
  await page.keyboard.press("Home");
  await expect(item("1. Webhook, object, 2 fields")).toBeFocused();
  // Left on an open item closes it (its fields gone), Right opens it again, Right again goes in.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowLeft");
  await expect(item("employee, object, 2 fields")).toHaveAttribute("aria-expanded", "false");
  await expect(item('first, string, "Ada"')).toHaveCount(0);
  await page.keyboard.press("ArrowDown");
  await expect(item("active, boolean, true")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowRight");
  await expect(item("employee, object, 2 fields")).toHaveAttribute("aria-expanded", "true");
  await expect(item("employee, object, 2 fields")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(item('first, string, "Ada"')).toBeFocused();
  // Left on a field goes up to its parent.
  await page.keyboard.press("ArrowLeft");
  await expect(item("employee, object, 2 fields")).toBeFocused();
  await page.keyboard.press("ArrowRight");

  // Enter: the reference goes into the URL field, focus goes back there, and it is said.
  await page.keyboard.press("Enter");
  await expect(url).toBeFocused();
  await expect(panel.locator('[data-reference="{{ 1.employee.first }}"]')).toBeVisible();
  await expect(data.getByTestId("data-panel-hint")).toHaveText("Inserted {{ 1.employee.first }} into URL");
  expect(await liveAncestor(data.getByText("Inserted {{ 1.employee.first }} into URL"))).toBe(true);

  // Back into the tree (Tab from the field as before): it is where the user left it.
  for (let i = 0; i < 60 && (await focused(page)).role !== "treeitem"; i++) await page.keyboard.press("Tab");
  await expect(item('first, string, "Ada"')).toBeFocused();
});

test("the mouse still opens and closes with the chevron and inserts by clicking a row", async ({ page }) => {
  const data = await openTested(page);
  const panel = page.getByTestId("step-panel");
  const tree = data.getByRole("tree", { name: "Step outputs" });
  const employee = tree.getByRole("treeitem", { name: "employee, object, 2 fields" });
  await expect(employee).toHaveAttribute("aria-expanded", "true", { timeout: 15_000 });
  await employee.getByTestId("data-toggle").first().click();
  await expect(employee).toHaveAttribute("aria-expanded", "false");
  await expect(data.locator('[data-reference="{{ 1.employee.last }}"]')).toHaveCount(0);
  await employee.getByTestId("data-toggle").first().click();
  await panel.getByRole("textbox", { name: "URL", exact: true }).click();
  await data.locator('[data-reference="{{ 1.employee.last }}"]').click();
  await expect(panel.locator('[data-reference="{{ 1.employee.last }}"]')).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "URL", exact: true })).toBeFocused();
});

test("Enter before any field was edited says where to go first, and focus stays in the tree", async ({ page }) => {
  const data = await openTested(page);
  const tree = data.getByRole("tree", { name: "Step outputs" });
  const first = tree.getByRole("treeitem", { name: 'first, string, "Ada"' });
  await expect(first).toBeVisible({ timeout: 15_000 });
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(data.getByTestId("data-panel-hint")).toHaveText("Go to a field of the step first (click or Tab into it), then pick a value here.");
  expect(await liveAncestor(data.getByText("Go to a field of the step first (click or Tab into it), then pick a value here."))).toBe(true);
  await expect(first).toBeFocused();
});
