// The editor on a 1280×800 laptop screen: the canvas is narrow, so the minimap steps aside, and a step added from the Tools dock far down a long workflow is brought into view
// (it used to land off-screen, or under the minimap). On a phone or a portrait tablet the header
// fits (Undo, Redo and Push in one menu) and the canvas, Tools, step panel and Workflow data are
// one tab each (they used to sit side by side, wider than the screen). A long Go-live refusal is
// shown in full under the header (it used to be cut to one line).
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1280, height: 800 } });

test("on a 1280×800 screen, new steps come into view and the minimap does not cover them", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const steps = [{ kind: "webhook", config: {} }, ...Array.from({ length: 11 }, (_, i) => ({ kind: "transform", name: `Field ${i + 2}`, config: { fields: [{ name: "n", expression: String(i) }] } }))];
  const wf = (await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Long flow ${Date.now()}`, steps } })).json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  // The canvas is ≈ 600 px wide here (≈ 340 with a step open): no minimap to cover the steps.
  await page.getByTestId("step-node-2").click();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Field 2");
  await expect(page.locator(".react-flow__minimap")).toHaveCount(0);

  const canvas = page.getByTestId("editor-canvas");
  // The canvas renders only visible nodes: one not rendered at all is out of view.
  const inView = async (testId: string) => {
    if ((await page.getByTestId(testId).count()) === 0) return false;
    const [c, n] = await Promise.all([canvas.boundingBox(), page.getByTestId(testId).boundingBox()]);
    return !!c && !!n && n.y >= c.y && n.y + n.height <= c.y + c.height && n.x >= c.x && n.x + n.width <= c.x + c.width;
  };
  // The step just opened stays in view when the Workflow data panel narrows the canvas.
  await expect.poll(() => inView("step-node-2")).toBe(true);
  expect(await inView("step-node-12")).toBe(false);
  // A Wait added from the dock after the lowest step in view lands below the fold, and is
  // brought into view.
  let lowest = 0;
  for (let n = 1; n <= 12; n++) if (await inView(`step-node-${n}`)) lowest = n;
  expect(lowest).toBeGreaterThan(2);
  expect(lowest).toBeLessThan(12);
  await page.getByTestId(`step-node-${lowest}`).click();
  await page.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^Wait/ }).click();
  await expect(page.getByTestId(`step-node-${lowest + 1}`)).toContainText("Wait");
  await expect.poll(() => inView(`step-node-${lowest + 1}`)).toBe(true);
  // Opened from a link on the last step (as from the Runs page): around that step.
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=${encodeURIComponent(await lastStepId(page, wf.id))}&run=none`);
  await expect.poll(() => inView("step-node-13")).toBe(true);
  await page.getByTestId("step-node-13").click();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Field 12");
});

async function lastStepId(page: import("@playwright/test").Page, id: string): Promise<string> {
  // The autosave of the Wait step lands first, so the last step is step 13.
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: unknown[] }).steps.length).toBe(13);
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { id: string }[] };
  return wf.steps[12].id;
}

/** Signs in as the owner of a provider of the spec's own and opens a new workflow with `steps`. */
async function openOwnWorkflow(page: Page, steps: unknown[]): Promise<string> {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Small MSP ${tag}`, `small-${tag}@example.test`, "small-pw-1");
  await signIn(page, `small-${tag}@example.test`, "small-pw-1");
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Small screens ${tag}`, steps } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  return id;
}

/** The page scrolls only up and down: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(inner);
  const bar = await page.getByTestId("editor-header").evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
  expect(bar.scroll).toBeLessThanOrEqual(bar.client);
}

async function expectInWindow(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const inner = await page.evaluate(() => window.innerWidth);
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(inner + 0.5);
}

const TRIGGER_AND_STEP = [
  { kind: "webhook", config: { testingData: { host: "srv-1" } } },
  { kind: "transform", name: "Pick host", config: { fields: [{ name: "host", expression: "{{ 1.host }}" }] } },
];

for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the header fits and the canvas, Tools, step panel and Workflow data are each one tab away", async ({ page }) => {
      await openOwnWorkflow(page, TRIGGER_AND_STEP);
      const header = page.getByTestId("editor-header");
      await expect(page.getByTestId("step-node-1")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectInWindow(page, header.getByRole("button", { name: "Go live" }));
      await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
      const name = header.getByRole("textbox", { name: "Workflow name" });
      expect((await name.boundingBox())!.width).toBeGreaterThan(100);
      await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}-canvas.png`) });

      // Undo, Redo and Push to client are in one menu.
      await expectInWindow(page, header.getByRole("button", { name: "More actions" }));
      await header.getByRole("button", { name: "More actions" }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: /^Undo/ })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: /^Redo/ })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Push to client" })).toBeVisible();
      await expectInWindow(page, menu);
      await page.keyboard.press("Escape");

      const tabs = page.getByRole("tablist", { name: "Editor sections" });
      await expect(tabs.getByRole("tab", { name: "Canvas" })).toHaveAttribute("aria-selected", "true");
      // Picking a step on the canvas opens it, full width.
      await page.getByTestId("step-node-2").click();
      await expect(tabs.getByRole("tab", { name: "Step" })).toHaveAttribute("aria-selected", "true");
      const panel = page.getByTestId("step-panel");
      await expect(panel.getByLabel("Step name")).toHaveValue("Pick host");
      await expectInWindow(page, panel);
      await expectInWindow(page, panel.getByRole("tab", { name: "Executions" }));
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}-step.png`) });

      await tabs.getByRole("tab", { name: "Data" }).click();
      await expectInWindow(page, page.getByRole("complementary", { name: "Workflow data" }));
      await expect(page.getByTestId("step-panel")).toBeHidden();
      await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}-data.png`) });

      // A tool added from the Tools tab is opened for configuring.
      await tabs.getByRole("tab", { name: "Tools" }).click();
      const dock = page.getByRole("complementary", { name: "Tools" });
      await expectInWindow(page, dock);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath(`editor-${viewport.width}-tools.png`) });
      await dock.getByRole("button", { name: /^Wait/ }).click();
      await expect(page.getByRole("complementary", { name: /^Step 3:/ })).toBeVisible();
      await tabs.getByRole("tab", { name: "Canvas" }).click();
      await expect(page.getByTestId("step-node-3")).toContainText("Wait");
      await expectNoSidewaysScroll(page);
    });
  });
}

const NO_TRIGGER_ERROR = "a Live workflow needs a trigger (Webhook or Scheduler) as step 1; add one, or keep the workflow in Draft";

for (const viewport of [{ width: 1024, height: 700 }, { width: 390, height: 844 }]) {
  test.describe(`Go-live refusal at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("a long reason is shown in full under the header", async ({ page }) => {
      await openOwnWorkflow(page, [{ kind: "transform", config: { fields: [{ name: "n", expression: "1" }] } }]);
      const header = page.getByTestId("editor-header");
      await expect(page.getByTestId("step-node-1")).toBeVisible();
      // The desktop layout keeps its columns from 1024 px up.
      if (viewport.width >= 1024) await expect(page.getByRole("tablist", { name: "Editor sections" })).toBeHidden();
      await header.getByRole("button", { name: "Go live" }).click();
      const alert = header.getByRole("alert");
      await expect(alert).toContainText(NO_TRIGGER_ERROR);
      await expectInWindow(page, alert);
      const clipped = await alert.evaluate((el) => [el, ...el.querySelectorAll("*")].some((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1));
      expect(clipped).toBe(false);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath(`go-live-error-${viewport.width}.png`) });
      // Dismissed, it is gone; the next attempt says it again.
      await alert.getByRole("button", { name: "Dismiss" }).click();
      await expect(header.getByRole("alert")).toHaveCount(0);
    });
  });
}
