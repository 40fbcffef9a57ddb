// Test & Debug on a step after the trigger: Run step executes only that step, against the
// latest outputs of the earlier steps (step 1's: the webhook's Testing data while no run has
// one, said in the result), and shows what it produced; with no earlier outputs it says what to
// do first.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";
import { openTestDebug, runStepSucceeded } from "./test-debug-tab";

test.use({ viewport: { width: 1600, height: 900 } });

test("Run step on a transform step runs it alone against the trigger's test output", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: `Step test ${Date.now()}`,
      steps: [
        { kind: "webhook", config: { testingData: { host: { id: "host-7" }, severity: 4 } } },
        { kind: "transform", config: { fields: [{ name: "ticket", expression: '"INC-" & {{ 1.host.id }}' }, { name: "priority", expression: "{{ 1.severity }} * 10" }] } },
      ],
    },
  });
  const wf = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const panel = page.getByTestId("step-panel");

  // Nothing has run yet: the webhook's Testing data stands for step 1's output, and the result says so.
  await openTestDebug(page, 2);
  await panel.getByRole("button", { name: "Run step" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("succeeded", { timeout: 15_000 });
  await expect(result).toContainText("this step alone");
  await expect(result).toContainText("Step 1's output is its Testing data (no run had one yet)");
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await expect(panel.getByLabel("Step output")).toContainText("INC-host-7");
  await expect(panel.getByLabel("Step output")).toContainText("40");

  // Test the trigger, then step 2 alone: its output now comes from that run, without the note.
  await runStepSucceeded(page, 1);

  await openTestDebug(page, 2);
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(result).toContainText("succeeded", { timeout: 15_000 });
  await expect(result).toContainText("this step alone");
  await expect(result).not.toContainText("Testing data");
  await expect(panel.getByLabel("Step output")).toContainText("INC-host-7");
  await expect(panel.getByLabel("Step output")).toContainText("40");

  const runs = (await (await page.request.get(`/api/v1/workflows/${wf.id}/runs`)).json()) as { runs: { test: boolean; scope: string; status: string }[] };
  expect(runs.runs[0]).toMatchObject({ test: true, scope: "step", status: "succeeded" });
  expect(runs.runs).toHaveLength(3);
});

test("Run step on step 2 says what to do first when the webhook has no Testing data and nothing has run", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: `Step test bare ${Date.now()}`, steps: [{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "x", expression: "{{ 1.n }}" }] } }] },
  });
  const wf = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const panel = await openTestDebug(page, 2);
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("alert")).toContainText("no run has an output for step 1 (Webhook)");
});

test("Run step on an HTTP Request with no URL names the URL, not step 1's output", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: `Step test no URL ${Date.now()}`, steps: [{ kind: "webhook", config: {} }, { kind: "http", name: "Call", config: { method: "GET", url: "" } }] },
  });
  const wf = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const panel = await openTestDebug(page, 2);
  await expect(panel.getByTestId("test-sends")).toHaveText("Run step cannot send GET (no URL yet): URL is required, so it sends nothing.");
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("alert")).toHaveText("step 2 (HTTP Request): URL is required; nothing was run: fill it in");
  const runs = (await (await page.request.get(`/api/v1/workflows/${wf.id}/runs`)).json()) as { runs: unknown[] };
  expect(runs.runs).toHaveLength(0);
});
