// Debugging a failed delivery from the Runs page: its failed step's link opens the editor on that
// run, and Run step there tests the step with that run's data — not with the newest run's, where a
// later delivery that had the field the failed one lacked made the test pass.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test("Run step on the step a failed run's link opened uses that run's data, or the newest run's when unticked", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "from-run", [
    { kind: "webhook", config: { testingData: { user: { email: "Sample@Example.com" } } } },
    { kind: "code", name: "Compute", config: { code: "return { email: steps[1].user.email.toLowerCase() };" } },
  ]);
  const live = (await (await page.request.post(`/api/v1/workflows/${id}/live`)).json()) as { webhookUrl: string };
  const runOf = async (payload: unknown, status: string) => {
    expect((await page.request.post(live.webhookUrl, { data: payload })).status()).toBe(202);
    let runId = "";
    await expect
      .poll(async () => {
        const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs`)).json()) as { runs: { id: string; status: string }[] };
        runId = runs[0]?.id ?? "";
        return runs[0]?.status;
      }, { timeout: 30_000 })
      .toBe(status);
    return runId;
  };
  const failed = await runOf({ ticket: 7 }, "failed");
  await runOf({ user: { email: "Later@Example.com" } }, "succeeded");

  // From the Runs page: the failed run's row, its failed step.
  await page.goto(`/w/${ws}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${failed}"]`);
  await row.getByRole("button", { name: `Steps of run ${failed}` }).click();
  await page.getByRole("link", { name: "Compute: open this step's execution in the editor" }).click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const withLinked = panel.getByRole("checkbox", { name: new RegExp(`data of the run opened here: run …${failed.slice(-8)} \\(failed`) });
  await expect(withLinked).toBeChecked();
  await expect(panel).toContainText(`against the outputs the earlier steps gave in run …${failed.slice(-8)}`);

  const result = panel.getByRole("region", { name: "Test result" });
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/workflows/${id}/steps/2/test`));
  await panel.getByRole("button", { name: "Run step" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ fromRunId: failed });
  await expect(result).toContainText("failed", { timeout: 20_000 });
  await expect(result).toContainText("reading 'email'");

  // Unticked: the newest run or test that has step 1's output, as without a link — not a test of
  // step 2, which only copied it.
  await withLinked.uncheck();
  await expect(panel).toContainText("against the latest output of step 1 (from the newest run or test that has it; a test · step n counts for step n's own output only)");
  const again = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/workflows/${id}/steps/2/test`));
  await panel.getByRole("button", { name: "Run step" }).click();
  expect((await again).postDataJSON()).not.toHaveProperty("fromRunId");
  // The newest delivery's data, not the copy of the failed one the test above made (now newest).
  await expect(result).toContainText("later@example.com", { timeout: 20_000 });
  await expect(result).not.toContainText("reading 'email'");
});
