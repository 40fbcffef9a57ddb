// The Runs page's Started column gives the moment in the reader's own time zone, with its day: a
// technician reading the night's failures in the morning saw "7 hours ago" only, and on hover a
// GMT string, so "it failed at 2 a.m." had to be worked out by hand.
import { expect, test } from "@playwright/test";
import { setRunStartedAt } from "./e2e-database";
import { openOwnWorkflow } from "./own-workflow";

const zone = "America/New_York";
test.use({ timezoneId: zone, locale: "en-US" });

test("a run from two nights ago reads with its day and its local time on the Runs page", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "runs-local", [{ kind: "webhook", config: { testingData: { a: 1 } } }]);
  const started = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  expect(started.ok()).toBe(true);
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");
  // Two days ago at 02:13:07 in New York.
  const day = new Date(Date.now() - 2 * 24 * 3600_000);
  const ymd = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(day);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(day).find((p) => p.type === "timeZoneName")!.value.replace("GMT", "");
  const at = new Date(`${ymd}T02:13:07${offset || "Z"}`).toISOString();
  await setRunStartedAt(run.id, at);
  const dayText = new Date(at).toLocaleDateString("en-US", { timeZone: zone, month: "short", day: "numeric" });

  await page.goto(`/w/${ws}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${run.id}"]`);
  await expect(row).toContainText(`${dayText} 02:13:07 AM`);
  // How long ago stays beside it.
  await expect(row).toContainText(/days ago/);
});
