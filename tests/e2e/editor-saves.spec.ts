// Autosave under real conditions: an edit made just before leaving the editor by a link is
// saved, an edit made while a save is under way (a slow network) is saved after it, and Run step
// or Go live act on what the editor shows — or say why they cannot (someone else saved meanwhile);
// a link away from changes that leaving would lose (a conflict, unparsed JSON) asks first.
import { expect, test, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

async function openNew(page: Page, name: string) {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name, steps: [{ kind: "webhook", config: { testingData: { v: 0 } } }, { kind: "transform", name: "Step two", config: { fields: [{ name: "x", expression: "1" }] } }] },
  });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await expect(page.getByTestId("step-node-2")).toBeVisible();
  return { ws, id };
}

const stored = async (page: Page, id: string) => (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { name: string; config: { testingData?: unknown } }[] };
// Every PUT of the workflow takes 1.5 s longer, as over a slow VPN.
const slowSaves = (page: Page, id: string) =>
  page.route(`**/api/v1/workflows/${id}`, async (route) => {
    if (route.request().method() === "PUT") await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });

test("an edit made just before leaving by a link is saved", async ({ page }) => {
  const { id } = await openNew(page, `Leave quickly ${Date.now()}`);
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByLabel("Step name").fill("Renamed then left");
  await page.getByRole("link", { name: "Back to workflows" }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect.poll(async () => (await stored(page, id)).steps[1].name).toBe("Renamed then left");
});

test("an edit made while a save is under way is saved after it", async ({ page }) => {
  const { id } = await openNew(page, `Slow network ${Date.now()}`);
  await slowSaves(page, id);
  await page.getByTestId("step-node-2").click();
  const name = page.getByTestId("step-panel").getByLabel("Step name");
  const first = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`));
  await name.fill("First edit");
  await first; // under way for 1.5 s
  await name.fill("Second edit");
  await expect.poll(async () => (await stored(page, id)).steps[1].name, { timeout: 15_000 }).toBe("Second edit");
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
});

test("Run step runs what the editor shows even mid-save, and refuses while someone else's save is unresolved", async ({ page }) => {
  const { id } = await openNew(page, `Run what I see ${Date.now()}`);
  await slowSaves(page, id);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  const put = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`));
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"v": 1}');
  await put; // the save of {"v": 1} is under way
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"v": 2}');
  const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/workflows/${id}/steps/1/test`) && r.status() === 201);
  await panel.getByRole("button", { name: "Run step" }).click();
  const { run } = (await (await started).json()) as { run: { trigger: unknown } };
  expect(run.trigger).toEqual({ v: 2 });

  // Someone else saves; my next edit conflicts; Run step says so instead of running theirs.
  await page.unroute(`**/api/v1/workflows/${id}`);
  const theirs = await stored(page, id);
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: "Theirs", steps: theirs.steps, version: theirs.version } })).status()).toBe(200);
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"v": 3}');
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "conflict");
  const runs = async () => ((await (await page.request.get(`/api/v1/workflows/${id}/runs`)).json()) as { runs: unknown[] }).runs.length;
  const before = await runs();
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("alert")).toContainText("someone else saved this workflow meanwhile: load theirs or keep yours first");
  expect(await runs()).toBe(before);
});

test("a link away from changes in conflict asks first; Stay keeps them, Leave goes", async ({ page }) => {
  const { id } = await openNew(page, `Leave in conflict ${Date.now()}`);
  const theirs = await stored(page, id);
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: "Theirs", steps: theirs.steps, version: theirs.version } })).status()).toBe(200);
  await page.getByTestId("step-node-2").click();
  const name = page.getByTestId("step-panel").getByLabel("Step name");
  await name.fill("Mine, unsaved");
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "conflict");

  await page.getByRole("link", { name: "Back to workflows" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave and lose your changes?" });
  await expect(dialog).toContainText("Someone else saved this workflow meanwhile");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}$`));
  await expect(name).toHaveValue("Mine, unsaved");

  await page.getByRole("link", { name: "Back to workflows" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  expect((await stored(page, id)).name).toBe("Theirs");
});

test("a link away from Testing data that does not parse asks first; saved edits leave without asking", async ({ page }) => {
  await openNew(page, `Leave unparsed ${Date.now()}`);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"v": ');
  await page.getByRole("link", { name: "Back to workflows" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave and lose your changes?" });
  await expect(dialog).toContainText("Step 1: Testing data is not valid JSON yet");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"v": 5}');
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await page.getByRole("link", { name: "Back to workflows" }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(dialog).toHaveCount(0);
});
