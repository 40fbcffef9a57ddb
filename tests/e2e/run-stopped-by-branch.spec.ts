// A run a Conditions "Stop the run" branch ended read just "stopped" on the Runs page and under
// Executions, while a person's Stop reads "stopped by <e-mail>": it names the step and branch.
// That reason is no failure: the Runs page showed it in the Error column's red, as a failed run's error.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a run stopped by a Conditions branch says which step and branch stopped it", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "stopbranch", [
    { kind: "webhook", config: { testingData: { ping: true } } },
    { kind: "conditions", name: "Is it a ping?", config: { branches: [{ id: "b1", name: "Ping", rules: [{ left: "{{ 1.ping }}", op: "equals", right: true }], target: "stop" }], otherwise: { target: null } } },
    { kind: "code", name: "Report", config: { code: "return 1" } },
  ]);
  const started = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("stopped");
  const reason = 'stopped by step 2 (Conditions "Is it a ping?"): branch "Ping" leads to Stop the run';

  await page.goto(`/w/${ws}/runs`);
  await expect(page.locator(`[data-testid=run-row][data-run-id="${run.id}"]`)).toContainText(reason);

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await expect(entry.getByRole("button").first()).toContainText(reason);
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await entry.getByRole("button").first().click();
  await expect(entry).toContainText('taken: branch "Ping" → Stop the run');
});

test("a run stopped by a Conditions branch is not shown in a failure's red on the Runs page", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "stopcolour", [
    { kind: "webhook", config: { testingData: { ping: true } } },
    { kind: "conditions", name: "Is it a ping?", config: { branches: [{ id: "b1", name: "Ping", rules: [{ left: "{{ 1.ping }}", op: "equals", right: true }], target: "stop" }], otherwise: { target: null } } },
    { kind: "code", name: "Report", config: { code: "return 1" } },
  ]);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "Broken report", steps: [{ kind: "webhook", config: { testingData: { a: 1 } } }, { kind: "code", name: "Broken", config: { code: "throw new Error('boom')" } }] },
  });
  const broken = ((await created.json()) as { id: string }).id;
  const runTo = async (workflowId: string, status: string) => {
    const started = await page.request.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { data: { scope: "workflow" } });
    const { run } = (await started.json()) as { run: { id: string } };
    await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe(status);
    return run.id;
  };
  const stopped = await runTo(id, "stopped");
  const failed = await runTo(broken, "failed");
  await page.goto(`/w/${ws}/runs`);
  const colour = (runId: string, text: string) => page.locator(`[data-testid=run-row][data-run-id="${runId}"]`).getByText(text).evaluate((e) => getComputedStyle(e).color);
  expect(await colour(stopped, 'branch "Ping" leads to Stop the run')).not.toBe(await colour(failed, "boom"));
});
