// Opened on a run (the Runs page's step link: ?step=…&run=…), Workflow data shows that run's
// outputs, as the canvas and Test & Debug's Run step do — it showed the latest run's, so the
// failed delivery's fields read as another delivery's beside a canvas marked with the failure.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("Workflow data follows the run the editor was opened on", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "data-linked", [
    { kind: "webhook", config: { testingData: { host: "x" } } },
    { kind: "transform", name: "Shape", config: { fields: [{ name: "h", expression: "{{ 1.host }}" }] } },
  ]);
  const run = async (host: string) => {
    const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { id: string; config: Record<string, unknown> }[] };
    wf.steps[0].config = { testingData: { host } };
    expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: wf.name, version: wf.version, steps: wf.steps } })).ok()).toBe(true);
    const { run: r } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
    await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${r.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");
    return { runId: r.id, stepId: wf.steps[1].id };
  };
  const older = await run("old-host-1");
  await run("new-host-2");

  await page.goto(`/w/${ws}/workflows/${id}?step=${encodeURIComponent(older.stepId)}&run=${encodeURIComponent(older.runId)}`);
  await expect(page.getByText('"old-host-1"').first()).toBeVisible();
  await expect(page.getByText('"new-host-2"')).toHaveCount(0);
  await expect(page.getByLabel("Data from")).toHaveValue(older.runId);
});
