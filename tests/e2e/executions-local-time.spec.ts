// An entry under Executions shows when its run started, in the reader's zone with its day, beside
// how long ago: "7 hours ago" alone, with the UTC time on hover, left a technician reading the
// night's failure to work out "02:13 a.m." (the exact time was there for screen readers only).
import { expect, test } from "@playwright/test";
import { setRunStartedTwoNightsAgo } from "./e2e-database";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

const zone = "America/New_York";
test.use({ timezoneId: zone, locale: "en-US" });

test("an Executions entry of a run from two nights ago shows its day and local time", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "exec-local", [{ kind: "webhook", config: { testingData: { a: 1 } } }]);
  const runId = await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));
  const dayText = await setRunStartedTwoNightsAgo(runId, zone);

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${runId}"]`);
  await expect(entry.locator("time").first()).toHaveText(new RegExp(`^${dayText} 02:13:07 AM · \\d days ago$`));
});
