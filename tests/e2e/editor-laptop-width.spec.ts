// The editor at laptop widths (1280–1439 px) with a step after the trigger open: Tools (240 px),
// Workflow data (288) and the step panel (440) left the canvas 312 px at 1280 and 398 at 1366.
// There the dock starts narrow, its tools as icons (still one click each, names read out and in
// a tooltip), Workflow data stays open, and the canvas keeps at least 480 px; from 1440 px the
// three are open whole (472 px left). What the user shows or hides is remembered.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

const STEPS = [
  { kind: "webhook", config: { testingData: { host: "srv-1" } } },
  { kind: "transform", name: "Ticket", config: { fields: [{ name: "t", expression: '"x"' }] } },
];

const width = (page: Page, name: string) => page.getByRole(name === "Workflow canvas" ? "region" : "complementary", { name }).evaluate((el) => el.getBoundingClientRect().width);
const tools = (page: Page) => page.getByRole("complementary", { name: "Tools" });
const data = (page: Page) => page.getByRole("complementary", { name: "Workflow data" });

for (const viewport of [1280, 1366]) {
  test(`at ${viewport} px, a step opened leaves the canvas 480 px or more, with every tool a click away and Workflow data open`, async ({ page }) => {
    await page.setViewportSize({ width: viewport, height: 800 });
    await openOwnWorkflow(page, `laptop${viewport}`, STEPS);
    await page.getByTestId("step-node-2").click();
    await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Ticket");
    await expect(data(page)).toBeVisible();
    await expect(tools(page)).toBeVisible();
    const canvas = await width(page, "Workflow canvas");
    test.info().annotations.push({ type: "canvas width", description: `${viewport} px: ${canvas} px` });
    expect(canvas).toBeGreaterThanOrEqual(480);
    expect(await width(page, "Workflow data")).toBe(288);

    // Each tool is still there by name (its tooltip too), and one click adds it after step 2.
    const wait = tools(page).getByRole("button", { name: /^Wait/ });
    await expect(wait).toHaveAttribute("title", /^Wait: /);
    await wait.click();
    await expect(page.getByTestId("step-node-3")).toContainText("Wait");
    await expect(wait).toBeFocused();
    expect(await width(page, "Workflow canvas")).toBeGreaterThanOrEqual(480);
    await page.screenshot({ path: test.info().outputPath(`editor-${viewport}-step.png`) });

    // The trigger open has no Workflow data beside it: the dock is whole.
    await page.getByTestId("step-node-1").click();
    await expect(tools(page).getByRole("searchbox", { name: "Search tools" })).toBeVisible();
    expect(await width(page, "Tools")).toBe(240);
  });
}

test("at 1440 px, a step opened keeps Tools whole beside Workflow data", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await openOwnWorkflow(page, "laptop1440", STEPS);
  await page.getByTestId("step-node-2").click();
  await expect(data(page)).toBeVisible();
  await expect(tools(page).getByRole("searchbox", { name: "Search tools" })).toBeVisible();
  const canvas = await width(page, "Workflow canvas");
  test.info().annotations.push({ type: "canvas width", description: `1440 px: ${canvas} px` });
  expect(canvas).toBe(1440 - 968);
});

test("at 1280 px, the tool names shown or the dock hidden stay so after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openOwnWorkflow(page, "laptopchoice", STEPS);
  await page.getByTestId("step-node-2").click();
  await expect(tools(page).getByRole("searchbox", { name: "Search tools" })).toHaveCount(0);

  // Show tool names: the dock whole, focus on its Hide button, kept over the default.
  await page.getByRole("button", { name: "Show tool names" }).click();
  await expect(tools(page).getByRole("searchbox", { name: "Search tools" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Tools" })).toBeFocused();
  await page.reload();
  await page.getByTestId("step-node-2").click();
  await expect(data(page)).toBeVisible();
  await expect(tools(page).getByRole("searchbox", { name: "Search tools" })).toBeVisible();
  expect(await width(page, "Tools")).toBe(240);

  // Hidden to its rail: kept too.
  await page.getByRole("button", { name: "Hide Tools" }).click();
  await expect(tools(page)).toBeHidden();
  await expect(page.getByRole("button", { name: "Show Tools" })).toBeFocused();
  await page.reload();
  await page.getByTestId("step-node-2").click();
  await expect(data(page)).toBeVisible();
  await expect(tools(page)).toBeHidden();
  expect(await width(page, "Workflow canvas")).toBe(1280 - 40 - 288 - 440);
});
