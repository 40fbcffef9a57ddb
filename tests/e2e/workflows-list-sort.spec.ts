// The Workflows list's Sort select, as a technician with many workflows uses it: by name (numbers
// as numbers), by last run, failed ones first; the choice is in the URL, so a reload, Back and
// the list's 15 s refresh keep it, and the search narrows the sorted list. A provider of the
// spec's own, so other specs' workflows stay out of the expected orders.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

async function created(page: Page, ws: string, name: string, steps: unknown[]): Promise<string> {
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Runs the whole workflow from its trigger's testing data and waits for the run's end. */
async function ran(page: Page, id: string, status: "succeeded" | "failed"): Promise<void> {
  const res = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  expect(res.status()).toBe(201);
  const { run } = (await res.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe(status);
}

const works = [{ kind: "webhook", config: { testingData: { host: "srv-1" } } }, { kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "1" }] } }];
const fails = [{ kind: "webhook", config: { testingData: { host: "srv-1" } } }, { kind: "code", name: "Boom", config: { code: `throw new Error("EDR unreachable");` } }];

test("sort the workflows list by name, last run or failures first, kept in the URL", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString("hex");
  const email = `sort-${tag}@example.test`;
  await createProviderOwner(`Sort MSP ${tag}`, email, "sort-pw-1");
  await signIn(page, email, "sort-pw-1");
  const ws = await providerWorkspaceId(page);

  // Created in this order, so the newest-updated first is the reverse; runs: "Alert 10" the
  // oldest, then "Backup check" failing, then "Zeta report"; "alert 2" never ran.
  const alert10 = await created(page, ws, "Alert 10", works);
  await created(page, ws, "alert 2", works);
  const backup = await created(page, ws, "Backup check", fails);
  const zeta = await created(page, ws, "Zeta report", works);
  await ran(page, alert10, "succeeded");
  await ran(page, backup, "failed");
  await ran(page, zeta, "succeeded");

  await page.goto(`/w/${ws}/workflows`);
  const sort = page.getByLabel("Sort workflows");
  const names = page.getByRole("list", { name: "Workflows" }).locator('[data-testid="workflow-row"] a[title]');
  const recently = ["Zeta report", "Backup check", "alert 2", "Alert 10"];
  await expect(sort).toHaveValue("updated");
  await expect(names).toHaveText(recently);

  await sort.selectOption({ label: "Name (A–Z)" });
  await expect(names).toHaveText(["alert 2", "Alert 10", "Backup check", "Zeta report"]);
  await expect(page).toHaveURL(/\?sort=name$/);

  // The keyboard steps to the next order (a closed select's arrow keys, as on Windows and Linux).
  await sort.focus();
  await page.keyboard.press("ArrowDown");
  await expect(names).toHaveText(["Zeta report", "Backup check", "Alert 10", "alert 2"]);
  await expect(page).toHaveURL(/\?sort=last-run$/);
  await expect(sort).toBeFocused();

  await sort.selectOption({ label: "Failed last run first" });
  const failedFirst = ["Backup check", "Zeta report", "alert 2", "Alert 10"];
  await expect(names).toHaveText(failedFirst);
  await expect(page).toHaveURL(/\?sort=failed$/);

  // Search narrows the sorted list, and the count says how many of all.
  const search = page.getByRole("searchbox", { name: "Search workflows" });
  await search.fill("alert");
  await expect(names).toHaveText(["alert 2", "Alert 10"]);
  await expect(page.getByText("2 of 4")).toBeVisible();
  // Announced as it changes, saying of what (not "2 of 4" alone).
  await expect(page.getByText("2 of 4")).toHaveText("2 of 4 workflows match");
  await search.fill("");

  // A reload keeps the order; so does the list's own refresh, which reads the rows anew.
  await page.reload();
  await expect(sort).toHaveValue("failed");
  await expect(names).toHaveText(failedFirst);
  await page.waitForResponse((r) => r.url().endsWith(`/api/v1/workspaces/${ws}/workflows`) && r.request().method() === "GET", { timeout: 25_000 });
  await expect(sort).toHaveValue("failed");
  await expect(names).toHaveText(failedFirst);

  // Opening a workflow and coming Back shows the list in the same order.
  await page.getByRole("link", { name: "alert 2", exact: true }).click();
  await expect(page).toHaveURL(/\/workflows\/[^/?]+$/);
  await page.goBack();
  await expect(sort).toHaveValue("failed");
  await expect(names).toHaveText(failedFirst);

  // Back to the default leaves `sort` out; other parameters stay; an unknown value is the default.
  await page.goto(`/w/${ws}/workflows?from=link&sort=name`);
  await expect(names).toHaveText(["alert 2", "Alert 10", "Backup check", "Zeta report"]);
  await sort.selectOption({ label: "Recently updated" });
  await expect(names).toHaveText(recently);
  await expect(page).toHaveURL(/\/workflows\?from=link$/);
  await page.goto(`/w/${ws}/workflows?sort=bogus`);
  await expect(sort).toHaveValue("updated");
  await expect(names).toHaveText(recently);

  // A phone: the select fits beside the count on its own line, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/w/${ws}/workflows?sort=name`);
  await expect(names).toHaveText(["alert 2", "Alert 10", "Backup check", "Zeta report"]);
  const box = (await sort.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
