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
