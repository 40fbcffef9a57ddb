// A link to another run of the same workflow, followed inside the editor (a delivery's run in the
// trigger's Deliveries log): the canvas follows it, as the Executions tab does. The canvas kept
// what it showed when the editor opened (the latest run, every step green) beside the delivery's failure.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a delivery's run opened from the Deliveries log is shown on the canvas", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "canvasfollow", [
    { kind: "webhook", config: {} },
    { kind: "code", name: "Check", config: { code: "throw new Error('disk full');" } },
  ]);
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${id}/live`)).json()) as { webhookUrl: string };
  expect((await page.request.post(webhookUrl, { data: { host: "srv-1" } })).status()).toBe(202);
  let failed = "";
  await expect
    .poll(async () => {
      const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs?limit=5`)).json()) as { runs: { id: string; status: string }[] };
      failed = runs.find((r) => r.status === "failed")?.id ?? "";
      return failed !== "";
    }, { timeout: 30_000 })
    .toBe(true);
  // Fixed since; the latest run succeeded.
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { id: string; config: Record<string, unknown> }[] };
  const fixed = wf.steps.map((s, i) => (i === 1 ? { ...s, config: { ...s.config, code: "return { ok: true };" } } : s));
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: wf.name, steps: fixed, version: wf.version } })).status()).toBe(200);
  await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));

  await page.goto(`/w/${ws}/workflows/${id}`);
  const node = page.getByTestId("step-node-2");
  await expect(node).toContainText("succeeded");
  await page.getByTestId("step-node-1").click();
  const row = page.getByTestId("step-panel").getByTestId("deliveries-log").getByTestId("delivery").first();
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`run=${failed}`));
  await expect(page.getByTestId("canvas-run")).toContainText(`linked run …${failed.slice(-8)}`);
  await expect(node).toContainText("failed");
});
