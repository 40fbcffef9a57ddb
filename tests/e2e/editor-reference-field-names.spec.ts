// A reference that cannot be read ({{ 9.x }} in a 4-step workflow, a later step's output) is named
// as the form names its field, and said under that field: the header read "step 4 (Data
// Transformation): fields.0.expression: {{ 9.x }} refers to step 9…" and the form showed it only
// in a box above the step's tabs (found by QA).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

async function retype(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a reference to a missing or later step is named in the form's words, in the header, the step panel and under the field", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "reffield", [
    { kind: "webhook", config: {} },
    { kind: "http", name: "Lookup", config: { method: "GET", url: "https://api.example.com/x", headers: [{ name: "X-Id", value: "{{ 1.id }}" }] } },
    { kind: "code", name: "Script", config: { code: "return { id: 1 }" } },
    { kind: "transform", name: "Figures", config: { fields: [{ name: "total", expression: "{{ 1.count }}" }] } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const held = header.locator('[data-save-state="invalid"]');

  await page.getByTestId("step-node-4").click();
  const expression = panel.getByRole("textbox", { name: "Expression" });
  await retype(page, expression, "+ {{ 9.x }}");
  const missing = "Field 1 expression: {{ 9.x }} refers to step 9, which does not exist (the workflow has 4 steps)";
  await expect(held).toHaveText(`Not saved: step 4 (Data Transformation): ${missing}`);
  await expect(panel.getByTestId("step-problems").getByText(missing, { exact: true })).toBeVisible();
  await expect(panel.locator('[data-invalid-field="fields.0.expression"]')).toHaveText(missing);
  await expect(expression).toHaveAccessibleDescription(missing);

  // An HTTP header's value reading a later step: the same words.
  await page.getByTestId("step-node-2").click();
  const value = panel.getByRole("textbox", { name: "Value" });
  await retype(page, value, "{{ 3.id }}");
  const later = "Header 1 value: {{ 3.id }} refers to step 3, which comes after step 2";
  await expect(held).toHaveText(`Not saved: step 2 (HTTP Request): ${later} (and 1 more)`);
  await expect(panel.locator('[data-invalid-field="headers.0.value"]')).toHaveText(later);

  // Put right, both save, and nothing is said under the fields any more.
  await retype(page, value, "{{ 1.id }}");
  await expect(panel.locator("[data-invalid-field]")).toHaveCount(0);
  await page.getByTestId("step-node-4").click();
  await retype(page, panel.getByRole("textbox", { name: "Expression" }), "{{ 1.count }} * 2");
  await expect(panel.locator("[data-invalid-field], [data-missing-field]")).toHaveCount(0);
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[3].config).toEqual({ fields: [{ name: "total", expression: "{{ 1.count }} * 2" }] });
});
