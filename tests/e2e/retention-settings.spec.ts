// The Data retention page (found by QA: retention could only be read and changed through the
// API): the operator's defaults shown as such, an owner's override saved and kept, a value over
// the operator's limit refused at its field with the server's words, one setting reset to the
// default, and a viewer reading the same values with no way to change them. No overflow at
// 375 px or 1280 px. Its own provider, so the seeded workspace keeps the defaults.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider, signInViewer } from "./own-provider";

const row = (page: Page, key: string) => page.getByTestId(`retention-${key}`);
const saved = (page: Page) => page.getByRole("form", { name: "Data retention" }).getByRole("status");

async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("an owner sees the defaults, saves an override, is refused over the operator's limit at the field, and resets to the default", async ({ page }) => {
  const own = await signInToOwnProvider(page, "retain");
  await page.goto(`/w/${own.ws}/workflows`);
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: `Data retention of ${own.name}` }).click();
  await expect(page.getByRole("heading", { name: "Data retention" })).toBeVisible();

  // Defaults: the operator's (no RETENTION_* set for the e2e server: 30 days of runs, 14 of outputs).
  await expect(row(page, "runDays").getByTestId("in-effect")).toHaveText(/In effect: 30 days\s*Operator's default/);
  await expect(row(page, "stepOutputDays").getByTestId("in-effect")).toHaveText(/In effect: 14 days\s*Operator's default/);
  await expect(row(page, "deliveryDays").getByTestId("in-effect")).toHaveText(/In effect: 30 days\s*Operator's default/);
  await expectNoSidewaysScroll(page);

  // An override, saved and kept.
  const runDays = page.getByRole("textbox", { name: "Keep finished runs for (days)" });
  await runDays.fill("90");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(saved(page)).toHaveText("Retention saved.");
  await expect(row(page, "runDays").getByTestId("in-effect")).toHaveText(/In effect: 90 days\s*Set for this workspace/);
  await page.reload();
  await expect(runDays).toHaveValue("90");
  await expect(row(page, "runDays").getByTestId("in-effect")).toHaveText(/In effect: 90 days\s*Set for this workspace/);

  // Over the operator's limit: the server's 400 at its field, which takes focus; nothing saved.
  const deliveryDays = page.getByRole("textbox", { name: "Keep refused deliveries for (days)" });
  await deliveryDays.fill("45");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(row(page, "deliveryDays")).toContainText("at most 30 (the operator's DELIVERY_RETENTION_DAYS)");
  await expect(deliveryDays).toBeFocused();
  await expect(deliveryDays).toHaveAttribute("aria-invalid", "true");
  await expect(deliveryDays).toHaveAccessibleDescription(/at most 30 \(the operator's DELIVERY_RETENTION_DAYS\)/);
  await expect(saved(page)).toHaveText("");
  const stored = async () => ((await (await page.request.get(`/api/v1/workspaces/${own.ws}/retention`)).json()) as { overrides: object }).overrides;
  expect(await stored()).toEqual({ runDays: 90 });

  // Back to the default for one setting: the API holds no override, the page says default again.
  await deliveryDays.fill("");
  await page.getByRole("button", { name: "Reset “Keep finished runs for (days)” to the default, 30 days" }).click();
  await expect(saved(page)).toHaveText("Keep finished runs for 30 days: back to the operator's default.");
  await expect(row(page, "runDays").getByTestId("in-effect")).toHaveText(/In effect: 30 days\s*Operator's default/);
  await expect(runDays).toHaveValue("");
  await expect(runDays).toBeFocused();
  await expect.poll(stored).toEqual({});

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
});

test("a viewer sees the values in effect read-only, with the reason", async ({ page, browser }) => {
  const own = await signInToOwnProvider(page, "retainview");
  const put = await page.request.put(`/api/v1/workspaces/${own.ws}/retention`, { data: { stepOutputDays: 7 } });
  expect(put.status()).toBe(200);
  const { viewer, writes } = await signInViewer(browser, own, { viewport: { width: 375, height: 800 } });
  try {
    await viewer.goto(`/w/${own.ws}/retention`);
    await expect(viewer.getByRole("heading", { name: "Data retention" })).toBeVisible();
    await expect(viewer.getByTestId("retention-read-only")).toHaveText(/Only an owner of this workspace can change .*your role here is Viewer/);
    await expect(row(viewer, "stepOutputDays").getByTestId("in-effect")).toHaveText(/In effect: 7 days\s*Set for this workspace/);
    await expect(row(viewer, "runDays").getByTestId("in-effect")).toHaveText(/In effect: 30 days\s*Operator's default/);
    await expect(viewer.getByRole("textbox")).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /Save retention|Reset/ })).toHaveCount(0);
    await expectNoSidewaysScroll(viewer);
    expect(writes).toEqual([]);
  } finally {
    await viewer.context().close();
  }
});
