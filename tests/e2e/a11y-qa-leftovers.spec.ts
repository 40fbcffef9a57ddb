// What a keyboard-and-screen-reader QA pass still found: a JSON field's parse error as an alert
// (it interrupted each keystroke), focus dropped to the page by removing a list's last row, the
// webhook panel saying mode changes a poll brought (no action of the user's), the invitation
// form's "For" hint read as part of the field's name (and faint), identical "Save" buttons on
// the Connections page, and two runs started in one second reading alike in Executions.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";
import { signInToOwnProvider } from "./own-provider";

test.use({ viewport: { width: 1600, height: 900 } });

/** The contrast ratio (WCAG) of an element's text colour on white, as the browser paints it. */
const contrastOnWhite = (el: Locator) =>
  el.evaluate((node) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = getComputedStyle(node).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
  });

test("a JSON field's parse error describes the field and is not an alert", async ({ page }) => {
  await openOwnWorkflow(page, "jsonalert", [{ kind: "webhook", config: { testingData: { host: "srv-1" } } }]);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  await testing.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(",");
  await expect(panel.getByText(/^Not valid JSON yet/)).toBeVisible();
  await expect(testing).toHaveAttribute("aria-invalid", "true");
  await expect(testing).toHaveAccessibleDescription(/^Not valid JSON yet/);
  await expect(panel.getByRole("alert")).toHaveCount(0);
  await page.keyboard.type("x");
  await expect(panel.getByRole("alert")).toHaveCount(0);
});

test("removing a list's last row moves focus to the row above's Remove, then to Add", async ({ page }) => {
  await openOwnWorkflow(page, "rowfocus", [
    { kind: "webhook", config: {} },
    { kind: "http", name: "Call", config: { method: "GET", url: "https://example.com/", headers: [{ name: "A", value: "1" }, { name: "B", value: "2" }] } },
  ]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("button", { name: "Remove header 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: "Remove header 2" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Remove header 1" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: /^Remove header/ })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Add header" })).toBeFocused();
});

test("the webhook panel says the user's Unpublish, not the Go live a poll brought", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "pollsaid", [{ kind: "webhook", config: {} }]);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  const region = panel.getByRole("tabpanel", { name: "Configure" }).getByTestId("announcement");
  // Every text the webhook panel's live region is given, in order.
  await region.evaluate((region) => {
    const said: string[] = ((window as unknown as { said: string[] }).said = []);
    new MutationObserver(() => region.textContent && said.push(region.textContent)).observe(region, { childList: true, subtree: true, characterData: true });
  });
  // Live from elsewhere (another tab, a colleague): the editor's poll shows it.
  expect((await page.request.post(`/api/v1/workflows/${id}/live`)).status()).toBe(200);
  await expect(panel.getByTestId("webhook-url")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("editor-header").getByRole("button", { name: "Unpublish" }).click();
  await expect(region).toHaveText(/^The workflow is in Draft/);
  expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([expect.stringMatching(/^The workflow is in Draft/)]);
});

test("the invitation form's For hint is the field's description, not its name, and readable", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "forhint");
  await page.goto(`/w/${ws}/members`);
  const form = page.getByRole("form", { name: "Make an invitation link" });
  const field = form.getByRole("textbox", { name: "For", exact: true });
  await expect(field).toBeVisible();
  await expect(field).toHaveAccessibleDescription("(a name or address, for your list)");
  expect(await contrastOnWhite(form.getByText("(a name or address, for your list)"))).toBeGreaterThanOrEqual(4.5);
});

test("each open account edit form's Save names its account", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "savenames");
  for (const name of ["KB PSA", "Other PSA"]) {
    expect((await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name, authKind: "bearer", credentials: { token: "t" } } })).status()).toBe(201);
  }
  await page.goto(`/w/${ws}/connections`);
  for (const name of ["KB PSA", "Other PSA"]) await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
  await expect(page.getByRole("button", { name: "Save changes to KB PSA", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes to Other PSA", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
});

/** The workflow's runs list answered as if every run had started at the same instant. */
async function sameSecond(page: Page, workflowId: string): Promise<void> {
  await page.route(new RegExp(`/api/v1/workflows/${workflowId}/runs\\?`), async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { runs: { createdAt: string }[] };
    for (const r of body.runs) r.createdAt = body.runs[0].createdAt;
    await route.fulfill({ response: res, json: body });
  });
}

test("two runs started in one second have Executions entries that read differently", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "samesecond", [{ kind: "webhook", config: {} }]);
  const live = (await (await page.request.post(`/api/v1/workflows/${id}/live`)).json()) as { webhookUrl: string };
  for (let i = 0; i < 2; i++) expect((await page.request.post(live.webhookUrl, { data: { n: i } })).status()).toBe(202);
  const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs?limit=5`)).json()) as { runs: { id: string }[] };
  await sameSecond(page, id);
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByRole("list", { name: "Executions of step 1" }).getByRole("button", { expanded: false });
  await expect(entries).toHaveCount(2);
  // The shown times are alike; what a screen reader hears is not, and names the run as Data from does.
  expect(new Set(await panel.getByTestId("execution").locator("time").allTextContents()).size).toBe(1);
  for (const r of runs) {
    const end = r.id.slice(-8);
    await expect(entries.filter({ hasText: `run …${end}` })).toHaveAccessibleName(new RegExp(`, run …${end}, started \\d{1,2}:\\d{2}:\\d{2}`));
  }
});
