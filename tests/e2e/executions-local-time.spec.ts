// An entry under Executions shows when its run started, in the reader's zone with its day, beside
// how long ago: "7 hours ago" alone, with the UTC time on hover, left a technician reading the
// night's failure to work out "02:13 a.m." (the exact time was there for screen readers only).
import { expect, test } from "@playwright/test";
import { setRunStartedAt } from "./e2e-database";
import { openOwnWorkflow } from "./own-workflow";

const zone = "America/New_York";
test.use({ timezoneId: zone, locale: "en-US" });

test("an Executions entry of a run from two nights ago shows its day and local time", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "exec-local", [{ kind: "webhook", config: { testingData: { a: 1 } } }]);
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");
  const day = new Date(Date.now() - 2 * 24 * 3600_000);
  const ymd = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(day);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(day).find((p) => p.type === "timeZoneName")!.value.replace("GMT", "");
  const at = new Date(`${ymd}T02:13:07${offset || "Z"}`).toISOString();
  await setRunStartedAt(run.id, at);
  const dayText = new Date(at).toLocaleDateString("en-US", { timeZone: zone, month: "short", day: "numeric" });

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await expect(entry.locator("time").first()).toHaveText(new RegExp(`^${dayText} 02:13:07 AM · \\d days ago$`));
});
