// Stop run and Run again keep keyboard focus, in the editor's Executions and on the Runs page:
// after Stop run is confirmed, focus is on the Run again that took its place; after Run again,
// still on Run again (a button disabled while busy, or one unmounted, drops focus to <body>).
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const STEPS = [
  { kind: "webhook", config: { testingData: { ticket: 77 } } },
  { kind: "wait", config: { mode: "duration", seconds: 3600 } },
];

async function waitingRun(page: Page, workflowId: string): Promise<string> {
  const started = await page.request.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { data: { scope: "workflow" } });
  expect(started.ok()).toBe(true);
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("waiting");
  return run.id;
}

/** Stop run by keyboard, confirmed in the dialog; then Run again by keyboard. Focus stays on the button each time. */
async function stopThenRunAgain(page: Page, scope: ReturnType<Page["locator"]>) {
  const stop = scope.getByRole("button", { name: "Stop run" });
  await stop.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Stop this run?" });
  await dialog.getByRole("button", { name: "Stop run" }).press("Enter");
  await expect(dialog).toBeHidden();
  const again = scope.getByRole("button", { name: "Run again" });
  await expect(again).toBeVisible();
  await expect(again).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(scope.getByRole("status")).toContainText("Started a new test run");
  await expect(again).toBeFocused();
}

test("the editor's Executions: focus stays on the button after Stop run and Run again", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "runfocus", STEPS);
  const run = await waitingRun(page, id);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run}"]`);
  await entry.getByRole("button", { expanded: false }).click();
  await stopThenRunAgain(page, entry);
});

test("the Runs page: focus stays on the button after Stop run and Run again", async ({ page }) => {
  const { id, ws } = await openOwnWorkflow(page, "runsfocus", STEPS);
  const run = await waitingRun(page, id);
  await page.goto(`/w/${ws}/runs`);
  await stopThenRunAgain(page, page.locator(`[data-testid=run-row][data-run-id="${run}"]`));
});
