// Executions showed an Output box reading `null` for a failed step, which Test & Debug hides: a
// failed step produced nothing, and null read as a value it gave.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a failed step's entry under Executions has its error and no Output box; a succeeded null is shown", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "failout", [
    { kind: "webhook", config: { testingData: { ticket: 1 } } },
    { kind: "code", name: "Nothing", config: { code: "return null;" } },
    { kind: "code", name: "Boom", config: { code: "throw new Error('boom: no ticket');" } },
  ]);
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("failed");

  const panel = page.getByTestId("step-panel");
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await page.getByTestId("step-node-3").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await entry.getByRole("button").first().click();
  await expect(entry).toContainText("boom: no ticket");
  await expect(entry.getByLabel("Output", { exact: true })).toHaveCount(0);

  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await entry.getByRole("button").first().click();
  await expect(entry.getByLabel("Output", { exact: true })).toHaveText("null");
});
