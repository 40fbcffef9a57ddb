// A step reading a step on another branch of a Conditions step went Live and every run read the
// value as empty. The field now says which step it reads, which branch that step is on and which
// branch this one is on; the canvas marks the step, the header lists it before going Live, and
// Go live is refused with the same words. A Draft still saves it.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

async function retype(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a reference to another branch's step is said under the field, marked on the canvas, and Go live refuses it", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "branchref", [
    { kind: "webhook", config: {} },
    {
      kind: "conditions",
      name: "Critical?",
      config: { branches: [{ id: "yes", name: "Yes", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "iso" }], otherwise: { target: "tkt" } },
    },
    { id: "iso", kind: "transform", name: "Isolate", config: { fields: [{ name: "id", expression: "{{ 1.host }}" }] } },
    { id: "tkt", kind: "transform", name: "Ticket", config: { fields: [{ name: "about", expression: "{{ 1.host }}" }] } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const saved = header.locator('[data-save-state="saved"]');

  await page.getByTestId("step-node-4").click();
  const expression = panel.getByRole("textbox", { name: "Expression" });
  await retype(page, expression, "{{ 3.id }}");
  const why = '{{ 3.id }} refers to step 3, which is on branch "Yes" of step 2; this step is on Otherwise, so no run that reaches it has run step 3 (read a step before step 2, or one on its own branch)';
  const note = `Field 1 expression: ${why}`;
  await expect(panel.locator('[data-missing-field="fields.0.expression"]')).toHaveText(note);
  await expect(expression).toHaveAccessibleDescription(note);
  // The canvas marks the step with the reason; the Draft saves, and the header names it for Live.
  await expect(page.getByTestId("step-node-4").getByLabel(`Needs attention: ${note}`)).toBeVisible();
  await expect(saved).toBeVisible();
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[3].config).toEqual({ fields: [{ name: "about", expression: "{{ 3.id }}" }] });
  await expect(header.getByTestId("unfinished-steps")).toHaveText(`Before going Live: step 4 (Data Transformation): ${note}`);

  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByRole("alert")).toHaveAttribute("title", `step 4 (Data Transformation): ${why}; change the reference, or keep the workflow in Draft`);
  await expect(header.getByText("Draft", { exact: true })).toBeVisible();

  // Reading the Conditions step and the trigger, which every run reaching step 4 ran: nothing is said.
  await retype(page, expression, "{{ 2.branch }} & {{ 1.host }}");
  await expect(panel.locator("[data-missing-field], [data-invalid-field]")).toHaveCount(0);
  await expect(page.getByTestId("step-node-4").getByLabel(/^Needs attention/)).toHaveCount(0);
  await expect(header.getByTestId("unfinished-steps")).toHaveCount(0);
});

test("a reference to a step only some routes have run is noted under the field, naming the route, and not marked", async ({ page }) => {
  // 2 Route (High → 3, Otherwise → 5); 3 Nested, in High (Close now → 6, Otherwise → 4). Step 7
  // reads step 3: runs by High ran it, runs by Otherwise of step 2 come through 5 and 6 without it.
  const rule = [{ left: "{{ 1.kind }}", op: "equals", right: "a" }];
  await openOwnWorkflow(page, "routenote", [
    { kind: "webhook", config: {} },
    { kind: "conditions", name: "Route", config: { branches: [{ id: "high", name: "High", rules: rule, target: "nested" }], otherwise: { target: "ticket" } } },
    { id: "nested", kind: "conditions", name: "Nested", config: { branches: [{ id: "now", name: "Close now", rules: rule, target: "close" }], otherwise: { target: "inner" } } },
    { id: "inner", kind: "transform", name: "Inner", config: { fields: [{ name: "i", expression: "1" }] } },
    { id: "ticket", kind: "transform", name: "Ticket", config: { fields: [{ name: "t", expression: "1" }] } },
    { id: "close", kind: "transform", name: "Close", config: { fields: [{ name: "c", expression: "1" }] } },
    { kind: "transform", name: "Note", config: { fields: [{ name: "n", expression: "{{ 3.branch }}" }] } },
  ]);
  await page.getByTestId("step-node-7").click();
  const panel = page.getByTestId("step-panel");
  const note =
    'Field 1 expression: {{ 3.branch }} reads step 3, which has run only when Conditions step 2 takes branch "High"; runs that come another way reach this step without it, and there it reads as empty';
  await expect(panel.locator('[data-field-note="fields.0.expression"]')).toHaveText(note);
  const expression = panel.getByRole("textbox", { name: "Expression" });
  await expect(expression).toHaveAccessibleDescription(note);
  await expect(expression).not.toHaveAttribute("aria-invalid", "true");
  // A note, not a problem: the step is not marked and nothing stands before going Live.
  await expect(page.getByTestId("step-node-7").getByLabel(/^Needs attention/)).toHaveCount(0);
  await expect(page.getByTestId("editor-header").getByTestId("unfinished-steps")).toHaveCount(0);
});
