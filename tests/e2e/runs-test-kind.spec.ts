// The run lists labelled a test of one step (Run step) and a test of the whole workflow alike,
// "test", while Run again of either runs the whole workflow, its external calls included. The
// Runs page now says which kind each test is, and Run again on a one-step test says, on the Runs
// page and in the editor's Executions, that it runs the whole workflow.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";
import { runSucceeded } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("the Runs page names each kind of test, and Run again on a one-step test says it runs the whole workflow", async ({ page }) => {
  test.setTimeout(90_000);
  const { ws } = await signInToOwnProvider(page, "runs-kind");
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Ticket triage",
      steps: [
        { kind: "webhook", config: { testingData: { severity: 4 } } },
        { kind: "transform", config: { fields: [{ name: "priority", expression: "{{ 1.severity }} * 10" }] } },
      ],
    },
  });
  const wf = (await created.json()) as { id: string };
  const trigger = await runSucceeded(page, page.request.post(`/api/v1/workflows/${wf.id}/steps/1/test`));
  const stepTwo = await runSucceeded(page, page.request.post(`/api/v1/workflows/${wf.id}/steps/2/test`));
  const whole = await runSucceeded(page, page.request.post(`/api/v1/runs/${stepTwo}/rerun`));

  await page.goto(`/w/${ws}/runs`);
  const row = (id: string) => page.locator(`[data-testid=run-row][data-run-id="${id}"]`);
  await expect(row(stepTwo)).toContainText("test · step 2");
  await expect(row(trigger)).toContainText("test · step 1");
  await expect(row(whole)).toContainText("test · whole workflow");

  const again = (id: string) => row(id).getByRole("button", { name: "Run again" });
  await expect(again(stepTwo)).toHaveAccessibleDescription("Runs the whole workflow, not only step 2: steps that call other services call them.");
  await expect(again(trigger)).toHaveAccessibleDescription("Runs the whole workflow, not only the trigger: steps that call other services call them.");
  await expect(again(whole)).toHaveAccessibleDescription("");
  await expect(row(whole).getByTestId("rerun-note")).toHaveCount(0);

  // The steps of a run: the trigger, which only takes the payload, shows no time of its own.
  await row(whole).getByRole("button", { name: `Steps of run ${whole}` }).click();
  const steps = page.getByRole("list", { name: `Steps of run ${whole}` }).getByRole("listitem");
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).not.toContainText(/\d+ ms|\d s/);
  await expect(steps.nth(1)).toContainText(/\d+ ms|\d(\.\d)? s/);

  // The editor's Executions of step 2: the same words beside Run again on the one-step test.
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=${encodeURIComponent(((await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { steps: { id: string }[] }).steps[1].id)}&run=${stepTwo}`);
  const entry = page.locator(`[data-testid=execution][data-run-id="${stepTwo}"]`);
  await expect(entry.getByRole("button", { name: "Run again" })).toHaveAccessibleDescription("Runs the whole workflow, not only step 2: steps that call other services call them.");
  await expect(entry.getByRole("button", { expanded: true })).toContainText("test · step 2");
  const wholeEntry = page.locator(`[data-testid=execution][data-run-id="${whole}"]`);
  await expect(wholeEntry).toContainText("test · whole workflow");

  // The trigger's Executions give the run's start and length, not the trigger's own 0 ms.
  const stepIds = ((await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { steps: { id: string }[] }).steps.map((s) => s.id);
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=${encodeURIComponent(stepIds[0])}&run=${whole}`);
  const triggerEntry = page.locator(`[data-testid=execution][data-run-id="${whole}"]`);
  await expect(triggerEntry).toContainText("Run started");
  await expect(triggerEntry).toContainText(/Run took\s*\d/);
});
