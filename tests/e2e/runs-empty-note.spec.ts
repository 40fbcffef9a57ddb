// A Runs page with no run to list (a new technician's first visit) says which runs it lists —
// those its filters keep, the last 7 days by default — and how a run comes about, instead of only
// "No runs match.", which read as if something had been filtered out. Its own provider.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("an empty Runs page says which runs it lists and how one starts", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "runs-empty");
  await page.goto(`/w/${ws}/runs`);
  await expect(page.getByText("No runs match.")).toBeVisible();
  const note = page.getByTestId("runs-empty-note");
  await expect(note).toHaveText(/^Listed: runs started within the last 7 days\. A run starts each time a Live workflow's trigger fires, and each time a workflow is tested on its Test & Debug tab\.$/);

  await page.goto(`/w/${ws}/runs?status=failed&days=1`);
  await expect(note).toContainText("Listed: failed runs started within the last day.");
});
