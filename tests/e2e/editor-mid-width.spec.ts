// The editor at 1024–1279 px opened on a step: Tools (240 px), Workflow data (288) and the step
// panel (440) left the canvas 56 px, the linked run's bar a word a line. There, with a step open,
// Tools and Workflow data start as rails; the keyboard opens them, and what the user shows stays
// shown. A step added from the Tools dock leaves the dock (and focus) where it was. From 1280 px
// Workflow data stays open (1280–1439: editor-laptop-width.spec.ts); 1440 keeps its three panels open.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, tabTo } from "./own-workflow";

const STEPS = [
  { kind: "webhook", config: { testingData: { host: "srv-1" } } },
  { kind: "code", name: "Check", config: { code: "throw new Error('disk full on srv-1')" } },
];

/** A failed run of the whole workflow, and the id of its step 2. */
async function failedRun(page: Page, id: string) {
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("failed");
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { id: string }[] };
  return { runId: run.id, stepId: wf.steps[1].id };
}

const canvasWidth = (page: Page) => page.getByRole("region", { name: "Workflow canvas" }).evaluate((el) => el.getBoundingClientRect().width);
const tools = (page: Page) => page.getByRole("complementary", { name: "Tools" });
const data = (page: Page) => page.getByRole("complementary", { name: "Workflow data" });

test("at 1024 px, a step opened from a run's link leaves the canvas room; Tools and Workflow data open from the keyboard and stay open", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const { ws, id } = await openOwnWorkflow(page, "midwidth", STEPS);
  const { runId, stepId } = await failedRun(page, id);
  await page.goto(`/w/${ws}/workflows/${id}?step=${stepId}&run=${runId}`);
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Check");
  const bar = page.getByTestId("canvas-run");
  await expect(bar).toContainText(`linked run …${runId.slice(-8)}`);

  await expect(tools(page)).toBeHidden();
  await expect(data(page)).toBeHidden();
  expect(await canvasWidth(page)).toBeGreaterThanOrEqual(360);
  // The bar's sentence reads on at most two lines (it was one word a line).
  const lines = await bar.getByText("Steps as they ran").evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBeLessThanOrEqual(2);
  await expect(page.getByTestId("step-node-2")).toContainText("failed");
  await page.screenshot({ path: test.info().outputPath("editor-1024-step.png") });

  // Both rails are Tab stops; Enter shows the panel and focus goes to its Hide button.
  await page.getByRole("link", { name: "Back to workflows" }).focus();
  await tabTo(page, "#editor-tools-show");
  await expect(page.getByRole("button", { name: "Show Tools" })).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(tools(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Tools" })).toBeFocused();
  await tabTo(page, "#editor-data-show", 150);
  await page.keyboard.press("Enter");
  await expect(data(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Workflow data" })).toBeFocused();

  // The user's choice is kept over the default.
  await page.reload();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Check");
  await expect(tools(page)).toBeVisible();
  await expect(data(page)).toBeVisible();
});

test("at 1024 px, a step added from the Tools dock leaves the dock open; a step picked on the canvas tucks it away", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openOwnWorkflow(page, "midadd", STEPS);
  // No step open: Tools is open, as the empty canvas's hint points to it.
  await expect(tools(page)).toBeVisible();
  const wait = tools(page).getByRole("button", { name: /^Wait/ });
  await wait.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue(/Wait/);
  await expect(tools(page)).toBeVisible();
  await expect(wait).toBeFocused();
  await expect(data(page)).toBeHidden();

  await page.getByTestId("step-node-2").click();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Check");
  await expect(tools(page)).toBeHidden();
  await expect.poll(() => canvasWidth(page)).toBeGreaterThanOrEqual(360);
  // Nothing open again: Tools is back.
  await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  await expect(tools(page)).toBeVisible();
});

test("at 1440 px, a step opened keeps Tools and Workflow data open", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await openOwnWorkflow(page, "wide1440", STEPS);
  await page.getByTestId("step-node-2").click();
  await expect(tools(page)).toBeVisible();
  await expect(data(page)).toBeVisible();
  // The three panels beside the canvas, as before: 240 + 288 + 440 px.
  expect(await canvasWidth(page)).toBe(1440 - 968);
});
