// Relative times ("just now", "3 hours ago") on pages rendered on the server and hydrated in the
// browser: the two compute them from their own clocks, and a page must not break hydration
// (React error #418) when those disagree. The browser's clock is set 3 hours ahead, so every
// relative time differs between the server's render and the browser's.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test("the Runs, Workflows and Account pages hydrate when the browser's clock differs from the server's", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "hydrate", [{ kind: "webhook", config: { testingData: { a: 1 } } }]);
  const started = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  expect(started.ok()).toBe(true);
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");

  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  await page.clock.install({ time: Date.now() + 3 * 3600_000 });

  await page.goto(`/w/${ws}/runs`);
  await expect(page.locator(`[data-testid=run-row][data-run-id="${run.id}"]`)).toContainText(/just now|ago/);
  await page.goto(`/w/${ws}/workflows`);
  await expect(page.getByTestId("workflow-row")).toContainText(/just now|ago/);
  await page.goto(`/w/${ws}/account`);
  await expect(page.getByTestId("session-row").first()).toContainText(/just now|ago/);
  // Hydration is done once the page answers to a click; an error would have been reported by then.
  await page.getByRole("button", { name: /^Account: / }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  expect(errors.filter((e) => /#418|#425|hydrat/i.test(e))).toEqual([]);
});
