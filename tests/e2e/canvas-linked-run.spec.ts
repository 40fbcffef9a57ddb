// The editor opened from a link to one run (a failed run's step on the Runs page) shows that run's
// step statuses on the canvas, says so above it, and goes back to the latest run on request —
// it showed the latest run whatever the link: every step green beside the failure being looked at.
// Asking for the latest from the keyboard leaves focus on the canvas.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const steps = (code: string) => [
  { kind: "webhook", config: { testingData: { host: "srv-1" } } },
  { kind: "code", name: "Check", config: { code } },
];

async function failedRun(page: Page, id: string): Promise<string> {
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("failed");
  return run.id;
}

test("a link to a failed run shows its statuses on the canvas until the latest is asked for", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "canvaslink", steps("throw new Error('disk full on srv-1')"));
  const failed = await failedRun(page, id);
  // Fixed since; the latest run succeeded.
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { id: string; config: Record<string, unknown> }[] };
  const fixed = wf.steps.map((s, i) => (i === 1 ? { ...s, config: { ...s.config, code: "return { ok: true };" } } : s));
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: wf.name, steps: fixed, version: wf.version } })).status()).toBe(200);
  await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));

  await page.goto(`/w/${ws}/workflows/${id}?step=${wf.steps[1].id}&run=${failed}`);
  const bar = page.getByTestId("canvas-run");
  await expect(bar).toContainText(`linked run …${failed.slice(-8)}`);
  await expect(bar).toContainText("failed");
  const node = page.getByTestId("step-node-2");
  await expect(node).toContainText("failed");
  // A click on the bar's text (inside the canvas region, not a control) leaves Delete meaning the
  // open step, as a click on the page does.
  await bar.getByText("Steps as they ran").click();
  await page.keyboard.press("Delete");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Delete step 2?" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  // From the keyboard: the button goes with its bar, and focus goes to the canvas (it was dropped
  // to <body>, a keyboard user back at the top of the page), the change said.
  await bar.getByRole("button", { name: "Show the latest run" }).focus();
  await page.keyboard.press("Enter");
  await expect(node).toContainText("succeeded");
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Workflow canvas" })).toBeFocused();
  await expect(page.getByTestId("announcement").filter({ hasText: "The canvas shows the latest run." })).toHaveCount(1);
});

test("without a link, or with one to another workflow's run, the canvas shows the latest run and no bar", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "canvasnolink", steps("return 1;"));
  const run = await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));
  const other = (await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `other ${id.slice(-4)}`, steps: steps("throw new Error('x')") } })).json()) as { id: string };
  const otherStep = ((await (await page.request.get(`/api/v1/workflows/${other.id}`)).json()) as { steps: { id: string }[] }).steps[1].id;
  await failedRun(page, other.id);
  await page.goto(`/w/${ws}/workflows/${other.id}?step=${otherStep}&run=${run}`);
  await expect(page.getByRole("status").filter({ hasText: "is not a run of this workflow" })).toBeVisible();
  await expect(page.getByTestId("step-node-2")).toContainText("failed");
  await expect(page.getByTestId("canvas-run")).toHaveCount(0);
});

test("on a phone the linked run's bar fits, and the Canvas tab shows the steps at a readable size", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { ws, id } = await openOwnWorkflow(page, "canvasphone", steps("throw new Error('disk full on srv-1')"));
  const failed = await failedRun(page, id);
  const stepId = ((await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { id: string }[] }).steps[1].id;
  // The link opens the Step tab; the canvas, hidden meanwhile, was fitted to nothing: its steps a
  // few pixels wide when its tab was shown.
  await page.goto(`/w/${ws}/workflows/${id}?step=${stepId}&run=${failed}`);
  await page.getByRole("tab", { name: "Canvas" }).click();
  const bar = page.getByTestId("canvas-run");
  await expect(bar).toContainText(`linked run …${failed.slice(-8)}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const node = page.getByTestId("step-node-2");
  await expect(node).toBeInViewport();
  await expect.poll(async () => (await node.boundingBox())?.width ?? 0).toBeGreaterThan(150);
});
