// The Runs page's "Started within" follows how long the workspace keeps runs: a workspace keeping
// them 90 days is offered "the last 90 days" and sees a run 40 days old there (the window stopped
// at 30 days, and the API refused days=31); a workspace keeping them 7 days is offered nothing
// longer, and a longer window from the URL says runs are kept 7 days rather than silently
// listing 7. Its own provider, so the seeded workspace keeps the defaults.
import { expect, test } from "@playwright/test";
import { addFinishedRuns } from "./e2e-database";
import { signInToOwnProvider } from "./own-provider";

test("the window reaches as far as the workspace keeps runs, and says when it reaches further", async ({ page }) => {
  const own = await signInToOwnProvider(page, "window");
  const created = await page.request.post(`/api/v1/workspaces/${own.ws}/workflows`, {
    data: { name: `Old runs ${own.tag}`, steps: [{ id: "t", kind: "webhook", name: "Webhook", config: {} }] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const setRunDays = async (runDays: number) => expect((await page.request.put(`/api/v1/workspaces/${own.ws}/retention`, { data: { runDays } })).status()).toBe(200);
  await setRunDays(90); // first, so no retention pass meanwhile takes the old run
  await addFinishedRuns(id, 1, 40 * 24 * 60); // one run 40 days ago
  const window = page.getByLabel("Started within");
  const rows = page.getByRole("table").getByRole("row").filter({ hasText: `Old runs ${own.tag}` });
  const note = page.getByTestId("runs-window-note");

  await page.goto(`/w/${own.ws}/runs`);
  await expect(window.locator("option")).toHaveText(["the last day", "the last 7 days", "the last 30 days", "the last 90 days"]);
  await window.selectOption("90");
  await expect(page).toHaveURL(/days=90/);
  await expect(rows).toHaveCount(1);
  await expect(note).toHaveCount(0);

  await setRunDays(7);
  await page.goto(`/w/${own.ws}/runs?days=30`);
  await expect(window).toHaveValue("30");
  await expect(note).toHaveText("Finished runs are kept 7 days, so none older than that is listed.");
  await expect(window).toHaveAccessibleDescription("Finished runs are kept 7 days, so none older than that is listed.");
  await window.selectOption("7");
  await expect(page).toHaveURL(/days=7/);
  await expect(note).toHaveCount(0);
  await expect(window.locator("option")).toHaveText(["the last day", "the last 7 days"]);
});
