// Accessibility defects found by QA: the editor page had a <main> inside the app shell's main and
// no h1 (axe: landmark-no-duplicate-main, page-has-heading-one); the Variables page's Key field
// answered `1 bad key` with only the browser's "Please match the requested format."; slate-400
// text that carries meaning ("Never run", "(may stay empty)") had 2.6:1 contrast on white.
import { expect, test, type Locator } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";
import { signInToOwnProvider } from "./own-provider";

test.use({ viewport: { width: 1600, height: 900 } });

/** The text's contrast on white (its colour as the browser paints it, whatever the colour space). */
const contrastOnWhite = (text: Locator) =>
  text.evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 1.05 / (0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) + 0.05);
  });

test("the editor has one main region, a named canvas region and the workflow's name as its h1", async ({ page }) => {
  await openOwnWorkflow(page, "landmarks", [{ kind: "webhook", config: {} }]);
  const name = await page.getByRole("textbox", { name: "Workflow name" }).inputValue();
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Workflow canvas" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("the Variables page's Key field says its rule in words", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "keyrule");
  await page.goto(`/w/${ws}/variables`);
  const form = page.getByRole("form", { name: "Add a variable or secret" });
  const key = form.getByLabel("Key");
  expect(await contrastOnWhite(form.getByText("(may stay empty)"))).toBeGreaterThanOrEqual(4.5);
  await expect(key).toHaveAccessibleDescription(/starts with a letter or _, then letters, digits, _ or -/);
  await key.fill("1 bad key");
  await form.getByRole("button", { name: "Save" }).click();
  // The browser refuses it; its message bubble adds the field's title, the rule.
  expect(await key.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
  await expect(key).toHaveAttribute("title", /starts with a letter or _/);
  await expect(page.getByTestId("variable-1 bad key")).toHaveCount(0);
});

test("a workflow's \"Never run\" is readable (4.5:1 on white)", async ({ page }) => {
  const { ws } = await openOwnWorkflow(page, "neverrun", [{ kind: "webhook", config: {} }]);
  await page.goto(`/w/${ws}/workflows`);
  const never = page.getByText("Never run").first();
  await expect(never).toBeVisible();
  expect(await contrastOnWhite(never)).toBeGreaterThanOrEqual(4.5);
});
