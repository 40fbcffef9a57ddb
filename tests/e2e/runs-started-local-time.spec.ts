// The Runs page's Started column gives the moment in the reader's own time zone, with its day: a
// technician reading the night's failures in the morning saw "7 hours ago" only, and on hover a
// GMT string, so "it failed at 2 a.m." had to be worked out by hand.
import { expect, test } from "@playwright/test";
import { setRunStartedTwoNightsAgo } from "./e2e-database";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

const zone = "America/New_York";
test.use({ timezoneId: zone, locale: "en-US" });

test("a run from two nights ago reads with its day and its local time on the Runs page", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "runs-local", [{ kind: "webhook", config: { testingData: { a: 1 } } }]);
  const runId = await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));
  // Two days ago at 02:13:07 in New York.
  const dayText = await setRunStartedTwoNightsAgo(runId, zone);

  await page.goto(`/w/${ws}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${runId}"]`);
  await expect(row).toContainText(`${dayText} 02:13:07 AM`);
  // How long ago stays beside it.
  await expect(row).toContainText(/days ago/);
});
