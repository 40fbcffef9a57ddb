// A keyboard user opens a step from the canvas: Tab reaches the step nodes, the focused one shows
// a focus ring, and Enter or Space opens it in the step panel as a click does. A step inserted
// from an edge's + has focus; each branch's + takes a mouse click, however long the branch names.
import { expect, test, type Locator } from "@playwright/test";
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

test("Tab reaches every step of a workflow longer than the canvas shows, bringing each into view", async ({ page }) => {
  // A laptop screen: about nine of the 36 steps fit on the canvas as the editor opens.
  await page.setViewportSize({ width: 1280, height: 720 });
  const steps = [
    { kind: "webhook", config: {} },
    ...Array.from({ length: 35 }, (_, i) => ({ kind: "transform", name: `Field ${i + 2}`, config: { fields: [{ name: "t", expression: '"x"' }] } })),
  ];
  await openOwnWorkflow(page, "canvastab", steps);
  const canvas = (await page.getByTestId("editor-canvas").boundingBox())!;

  // The canvas pans to what is focused when it is not wholly in view: the keyboard user sees it.
  const expectInView = (el: Locator) =>
    expect(async () => {
      const box = (await el.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(canvas.y);
      expect(box.y + box.height).toBeLessThanOrEqual(canvas.y + canvas.height);
      expect(box.x).toBeGreaterThanOrEqual(canvas.x);
      expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    }).toPass({ timeout: 5_000 });

  // The canvas draws only what is in view: the last steps are not in the page yet.
  await expect(page.locator(nodeOf(steps.length))).toHaveCount(0);
  await page.locator("body").focus();
  await tabTo(page, nodeOf(1));
  for (let n = 1; n <= steps.length; n++) {
    // Step n, then the + on the edge leaving it, then step n + 1.
    await expect(page.locator(nodeOf(n))).toBeFocused();
    await expectInView(page.locator(nodeOf(n)));
    if (n === steps.length) break;
    await page.keyboard.press("Tab");
    const plus = page.locator(`[data-insert-from]:focus`);
    await expect(plus).toHaveAccessibleName("Insert a step here");
    await expectInView(plus);
    await page.keyboard.press("Tab");
  }
  // Shift+Tab goes back the same way.
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator(`[data-insert-from]:focus`)).toHaveCount(1);
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator(nodeOf(steps.length - 1))).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.locator(nodeOf(steps.length))).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Field 36");
});

test("Tab from the end of a long branch to the next step, not drawn yet, pans to it and focuses it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const field = (name: string) => ({ kind: "transform", name, config: { fields: [{ name: "t", expression: '"x"' }] } });
  // Branch 1 runs down ten steps; Otherwise's step (13) sits at the top of its own column.
  await openOwnWorkflow(page, "canvastab2", [
    { kind: "webhook", config: {} },
    {
      kind: "conditions",
      config: { branches: [{ id: "b1", name: "Long", rules: [{ left: "{{ 1.x }}", op: "exists" }], target: "a1" }], otherwise: { target: "other" } },
    },
    ...Array.from({ length: 10 }, (_, i) => ({ id: `a${i + 1}`, ...field(`Long ${i + 1}`) })),
    { id: "other", ...field("Otherwise step") },
  ]);
  await page.locator("body").focus();
  await tabTo(page, nodeOf(12), 60);
  await expect(page.locator(nodeOf(13))).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(page.locator(nodeOf(13))).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Otherwise step");
});

test("a step inserted from an edge's + with the keyboard has focus, and Tab goes on from it", async ({ page }) => {
  await openOwnWorkflow(page, "canvasinsert", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Ticket text", config: { fields: [{ name: "t", expression: '"x"' }] } },
  ]);
  await page.locator("body").focus();
  await tabTo(page, nodeOf(1));
  await page.keyboard.press("Tab");
  await expect(page.locator(`[data-insert-from]:focus`)).toHaveAccessibleName("Insert a step here");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);

  // The new step is step 2, open and focused; the old step 2 is now 3.
  await expect(page.getByTestId("step-node-3")).toContainText("Ticket text");
  await expect(page.locator(nodeOf(2))).toBeFocused();
  await expect(page.getByTestId("step-panel")).toHaveAttribute("aria-label", /^Step 2: /);
  // Tab goes on along the canvas (the + after the new step), not back to the top of the page.
  await page.keyboard.press("Tab");
  await expect(page.locator(`[data-insert-from]:focus`)).toHaveCount(1);
});

// Found by QA: a long branch name pushed its branch's + under the Otherwise label, which took the
// click, so no step could be inserted at the head of that branch with the mouse.
test("each branch's + takes a real mouse click, whatever the branch names' lengths, with 2 to 5 branches", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const field = (name: string) => ({ kind: "transform", name, config: { fields: [{ name: "t", expression: '"x"' }] } });
  const stepsFor = (named: number) => [
    { kind: "webhook", config: {} },
    {
      kind: "conditions",
      config: {
        branches: Array.from({ length: named }, (_, i) => ({
          id: `b${i}`,
          name: `High ${i} — escalate immediately to on-call engineer`,
          rules: [{ left: "{{ 1.x }}", op: "exists" }],
          target: `t${i}`,
        })),
        otherwise: { target: "tother" },
      },
    },
    ...Array.from({ length: named }, (_, i) => ({ id: `t${i}`, ...field(`Target ${i}`) })),
    { id: "tother", ...field("Target other") },
  ];
  const { ws } = await openOwnWorkflow(page, "canvasbranchplus", stepsFor(1));
  for (let named = 1; named <= 4; named++) {
    if (named > 1) {
      const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `branches ${named + 1}`, steps: stepsFor(named) } });
      expect(res.status()).toBe(201);
      await page.goto(`/w/${ws}/workflows/${((await res.json()) as { id: string }).id}`);
      await expect(page.getByTestId("step-node-1")).toBeVisible();
    }
    const branches = [...Array.from({ length: named }, (_, i) => [`High ${i} — escalate immediately to on-call engineer`, `Target ${i}`]), ["Otherwise", "Target other"]];
    for (const [name, target] of branches) {
      const plus = page.getByRole("button", { name: `Insert a step here (${name})`, exact: true });
      const edge = page.getByRole("img", { name: new RegExp(`^Step 2 to step \\d+ \\(${name}\\)$`) });
      const to = Number(/to step (\d+)/.exec((await edge.getAttribute("aria-label"))!)![1]);
      await expect(page.getByTestId(`step-node-${to}`)).toContainText(target);
      // What a pointer at the +'s centre reaches is the + (not a branch label drawn over it).
      const box = (await plus.boundingBox())!;
      const hit = await plus.evaluate((b, [x, y]) => b.contains(document.elementFromPoint(x, y)), [box.x + box.width / 2, box.y + box.height / 2]);
      expect(hit, `${named + 1} branches: the + of ${name} is under something else`).toBe(true);
      await plus.click();
      await page.getByRole("menuitem").first().click();
      await expect(page.getByRole("menu")).toHaveCount(0);
      // The new step heads this branch, and the branch's old first step follows it.
      await expect(page.getByTestId(`step-node-${to}`)).not.toContainText(target);
      await expect(page.getByRole("img", { name: `Step 2 to step ${to} (${name})`, exact: true })).toHaveCount(1);
      await expect(page.getByTestId(`step-node-${to + 1}`)).toContainText(target);
    }
  }
});
