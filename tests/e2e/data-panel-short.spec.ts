// At 200% zoom (640×400 CSS px) the Data pane's header (title, the "Data from" run picker and the
// help text) stayed fixed above the tree, which scrolled in what was left under them. The pane
// scrolls as one in a short window (`short:`, globals.css), as the step panel does (reflow-qa3).
import { expect, test, type Locator } from "@playwright/test";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

/** The nearest ancestor of `el` that scrolls up and down (the element itself counts): its visible height. */
const scrollRoom = (el: Locator) =>
  el.evaluate((node) => {
    for (let n: HTMLElement | null = node as HTMLElement; n; n = n.parentElement) {
      const y = getComputedStyle(n).overflowY;
      if ((y === "auto" || y === "scroll") && n.scrollHeight > n.clientHeight) return { height: n.clientHeight, label: n.getAttribute("aria-label") };
    }
    return null;
  });

const STEPS = [
  { kind: "webhook", config: { testingData: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field${i}`, `value ${i}`])) } },
  { kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "1" }] } },
];

test.describe("at 200% zoom", () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test("the Data pane scrolls as one, so the tree of outputs has the room", async ({ page }) => {
    const { id } = await openOwnWorkflow(page, "datazoom", STEPS);
    await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));
    await page.getByTestId("step-node-2").click();
    await page.getByRole("tab", { name: "Data" }).click();
    const pane = page.getByRole("complementary", { name: "Workflow data" });
    await expect(pane.getByRole("combobox", { name: "Data from" })).toBeVisible();
    const tree = pane.getByRole("tree", { name: "Step outputs" });
    await pane.getByRole("treeitem").first().click();
    const last = pane.getByRole("treeitem").last();
    await expect(last).toBeAttached();
    await last.scrollIntoViewIfNeeded();
    const room = await scrollRoom(tree);
    expect(room?.label).toBe("Workflow data");
    expect(room!.height).toBeGreaterThanOrEqual(150);
  });
});

test("on a desktop screen the Data panel's header stays put and only the tree scrolls", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openOwnWorkflow(page, "datadesk", STEPS);
  await page.getByTestId("step-node-2").click();
  const pane = page.getByRole("complementary", { name: "Workflow data" });
  await expect(pane.getByRole("tree", { name: "Step outputs" })).toBeVisible();
  expect(await pane.evaluate((el) => getComputedStyle(el).overflowY)).toBe("visible");
  expect(await pane.getByTestId("data-tree-scroll").evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
});
