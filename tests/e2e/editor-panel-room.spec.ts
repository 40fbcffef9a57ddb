// Canvas room at laptop size: the Tools dock and the Workflow data panel collapse to a labelled
// rail (a toggle with aria-expanded, remembered by the browser), and an untouched canvas is
// fitted again when a panel opening or closing changes its width a lot, so no step is left cut
// off or under the minimap; a view the user panned is left alone.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

const BRANCHING = [
  { id: "trigger", kind: "webhook", name: "EDR alert", config: { testingData: { severity: "critical" } } },
  {
    id: "severity",
    kind: "conditions",
    name: "Severity",
    config: {
      branches: [
        { id: "critical", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "isolate" },
        { id: "high", name: "High", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "high" }], target: "page" },
      ],
      otherwise: { target: "ticket" },
    },
  },
  { id: "isolate", kind: "http", name: "Isolate host", config: { method: "POST", url: "https://edr.example/isolate" } },
  { id: "page", kind: "http", name: "Page on-call", config: { method: "POST", url: "https://paging.example/alert" } },
  { id: "ticket", kind: "http", name: "Service ticket", config: { method: "POST", url: "https://psa.example/tickets" } },
];

/** Whether every step node lies inside the canvas and clear of the minimap. */
function allNodesShown(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="editor-canvas"]')!.getBoundingClientRect();
    const minimap = document.querySelector(".react-flow__minimap")?.getBoundingClientRect();
    const nodes = [...document.querySelectorAll(".react-flow__node")].map((n) => n.getBoundingClientRect());
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return (
      nodes.length === 5 &&
      nodes.every((r) => r.left >= canvas.left && r.right <= canvas.right && r.top >= canvas.top && r.bottom <= canvas.bottom && !(minimap && overlaps(r, minimap)))
    );
  });
}

test("Tools and Workflow data collapse to a rail, stay collapsed after a reload, and open again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openOwnWorkflow(page, "panelroom", BRANCHING);
  await page.getByTestId("step-node-2").click();
  const canvasWidth = () => page.getByTestId("editor-canvas").evaluate((el) => el.getBoundingClientRect().width);
  const before = await canvasWidth();

  const hideTools = page.getByRole("button", { name: "Hide Tools" });
  await expect(hideTools).toHaveAttribute("aria-expanded", "true");
  await hideTools.click();
  await expect(page.getByRole("complementary", { name: "Tools" })).toBeHidden();
  // Focus goes to the button that brings it back, so a keyboard user is not dropped to the top.
  await expect(page.getByRole("button", { name: "Show Tools" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Show Tools" })).toHaveAttribute("aria-expanded", "false");

  await page.getByRole("button", { name: "Hide Workflow data" }).click();
  await expect(page.getByRole("complementary", { name: "Workflow data" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Show Workflow data" })).toBeFocused();
  // The narrow dock (56 px, 1280–1439 px with a step open) and Workflow data (288) are rails of 40.
  await expect.poll(canvasWidth).toBeGreaterThan(before + 250);
  // Every step of the branching workflow fits the wider canvas.
  await expect.poll(() => allNodesShown(page)).toBe(true);

  // Remembered by this browser.
  await page.reload();
  await page.getByTestId("step-node-2").click();
  await expect(page.getByRole("button", { name: "Show Tools" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show Workflow data" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Tools" })).toBeHidden();

  await page.getByRole("button", { name: "Show Tools" }).click();
  await expect(page.getByRole("complementary", { name: "Tools" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Tools" })).toBeFocused();
  await page.getByRole("button", { name: "Show Workflow data" }).click();
  await expect(page.getByRole("complementary", { name: "Workflow data" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Workflow data" })).toBeFocused();
});

test("an untouched canvas is fitted again when a panel opens or closes; a panned one is left alone", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOwnWorkflow(page, "panelfit", BRANCHING);
  await expect.poll(() => allNodesShown(page)).toBe(true);
  // Opening step 2 opens Workflow data beside the step panel: the narrower canvas still shows all.
  await page.getByTestId("step-node-2").click();
  await expect(page.getByRole("complementary", { name: "Workflow data" })).toBeVisible();
  await expect.poll(() => allNodesShown(page)).toBe(true);
  // Closing it (a click on the empty canvas) widens the canvas again: still all shown, none
  // under the minimap.
  const pane = page.locator(".react-flow__pane");
  await pane.click({ position: { x: 20, y: 20 } });
  await expect(page.getByRole("complementary", { name: "Workflow data" })).toBeHidden();
  await expect.poll(() => allNodesShown(page)).toBe(true);

  // The user pans: a panel opening later does not move their view.
  const box = (await pane.boundingBox())!;
  // Left and down, on empty canvas above the steps: step 2 stays in view of the narrower canvas.
  await page.mouse.move(box.x + 300, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + 90, { steps: 5 });
  await page.mouse.up();
  const viewport = page.locator(".react-flow__viewport");
  const panned = await viewport.getAttribute("style");
  await page.getByTestId("step-node-2").click();
  await expect(page.getByRole("complementary", { name: "Workflow data" })).toBeVisible();
  // The canvas has its new width (the minimap goes below 640 px) before the view is compared.
  await expect(page.locator(".react-flow__minimap")).toHaveCount(0);
  expect(await viewport.getAttribute("style")).toBe(panned);
});
