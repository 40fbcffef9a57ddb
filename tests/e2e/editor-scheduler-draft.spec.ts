// The Scheduler trigger's panel in Draft says that the schedule does not fire and offers Go live,
// as the Webhook panel does (spec: in Draft the trigger panel shows a prompt to switch to Live and
// a Go live button) — it showed only the next-runs preview, which read as if the workflow would run
// then. Going Live from it moves focus to the line saying it is Live; a refusal shows the step at fault.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a Draft Scheduler's panel says the schedule does not fire, and its Go live goes Live", async ({ page }) => {
  const http = { kind: "http", config: { url: "" } };
  const wf = await openOwnWorkflow(page, "sched-draft", [{ kind: "scheduler", config: { cron: "0 2 1 * *", timezone: "UTC" } }, http]);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await expect(panel.getByText("This workflow is in Draft, so its schedule does not fire")).toBeVisible();
  // A Scheduler's Test & Debug has Run now (the whole workflow), not Run step.
  await expect(panel.getByText("Run now on Test & Debug works in Draft")).toBeVisible();
  await expect(panel.getByTestId("cron-preview")).toBeVisible();

  // Refused while step 2 has no URL: the editor shows that step and what it lacks, still Draft.
  await panel.getByRole("button", { name: "Go live" }).click();
  await expect(panel.getByLabel("URL")).toBeVisible();
  await expect(panel.getByText("URL is required").first()).toBeVisible();
  expect(((await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { mode: string }).mode).toBe("draft");

  const res = await page.request.put(`/api/v1/workflows/${wf.id}`, { data: { name: "sched-draft", steps: [{ kind: "scheduler", config: { cron: "0 2 1 * *", timezone: "UTC" } }, { kind: "http", config: { url: "https://example.test/x" } }] } });
  expect(res.status()).toBe(200);
  await page.reload();
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("button", { name: "Go live" }).click();
  await expect(panel.getByText("This workflow is Live: it runs on this schedule.")).toBeFocused();
  await expect(panel.getByText("so its schedule does not fire")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Go live" })).toHaveCount(0);
  expect(((await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { mode: string }).mode).toBe("live");
});
