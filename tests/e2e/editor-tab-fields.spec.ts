// Tab in a one-line template field moves on to the next control (it used to insert spaces into
// the saved value). A code editor keeps Tab for indenting, and says how to leave it: Escape, then Tab.
// Entered with Tab, a code editor is tabbed through until the user types or clicks in it (found by
// QA: tabbing through a Live workflow's Code step indented the code and saved version 2).
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const focusedIn = (page: import("@playwright/test").Page, label: string) =>
  page.evaluate((l) => !!document.activeElement?.closest(`[data-field="${l}"]`), label);

test("Tab leaves a one-line field untouched; a code editor indents and is left with Escape, Tab", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "tabfields", [
    { kind: "webhook", config: {} },
    { kind: "http", name: "Call", config: { method: "GET", url: "" } },
    { kind: "code", name: "Script", config: { code: "return {}" } },
  ]);
  const panel = page.getByTestId("step-panel");

  await page.getByTestId("step-node-2").click();
  const url = panel.getByRole("textbox", { name: "URL", exact: true });
  await url.click();
  await page.keyboard.type("https://example.test/x");
  await page.keyboard.press("Home");
  await page.keyboard.press("Tab");
  expect(await focusedIn(page, "URL")).toBe(false);
  await expect(url).toHaveText("https://example.test/x");
  await expect(page.getByText("All changes saved")).toBeVisible();
  expect((await storedWorkflow(page, id)).steps[1].config.url).toBe("https://example.test/x");

  await page.getByTestId("step-node-3").click();
  const code = panel.getByRole("textbox", { name: "Code", exact: true });
  await code.click();
  await page.keyboard.press("ControlOrMeta+Home");
  // The way out is shown under the field and is its description.
  const hint = panel.getByText("Tab moves on until you type or click here; then Tab indents. To move on: Esc, then Tab.");
  await expect(hint).toBeVisible();
  await expect(code).toHaveAccessibleDescription(/Esc, then Tab/);
  await page.keyboard.press("Tab");
  expect(await focusedIn(page, "Code")).toBe(true);
  await expect(code).toHaveText(/^\s+return \{\}/);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  expect(await focusedIn(page, "Code")).toBe(false);
});

test("tabbing through a Live workflow's Code step with the keyboard leaves it unchanged; clicked in, Tab indents", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "tablive", [
    { kind: "webhook", config: {} },
    { kind: "code", name: "Script", config: { code: "return {}" } },
  ]);
  expect((await page.request.post(`/api/v1/workflows/${id}/live`)).status()).toBe(200);
  const before = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { version: number; mode: string };
  expect(before.mode).toBe("live");
  await page.reload();
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("textbox", { name: "Step name" }).focus();

  // Forward into the Code field and on past it, then back with Shift+Tab.
  let reached = false;
  for (let i = 0; i < 12 && !(reached && !(await focusedIn(page, "Code"))); i++) {
    await page.keyboard.press("Tab");
    reached ||= await focusedIn(page, "Code");
  }
  expect(reached).toBe(true);
  expect(await focusedIn(page, "Code")).toBe(false);
  await page.keyboard.press("Shift+Tab");
  expect(await focusedIn(page, "Code")).toBe(true);
  await page.keyboard.press("Shift+Tab");
  expect(await focusedIn(page, "Code")).toBe(false);

  const code = panel.getByRole("textbox", { name: "Code", exact: true });
  await expect(code).toHaveText("return {}");
  const after = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { version: number; steps: { config: { code: string } }[] };
  expect(after.version).toBe(before.version);
  expect(after.steps[1].config.code).toBe("return {}");

  // Clicked in, Tab indents as before.
  await code.click();
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("Tab");
  expect(await focusedIn(page, "Code")).toBe(true);
  await expect(code).toHaveText(/^\s+return \{\}/);
});
