// The step and workflow names stop at 200 characters, the most a save accepts, as the New
// workflow and Rename dialogs do: typing, pasting or a value set by other means (autofill, an
// extension) cannot make every later save fail with a schema error (found by QA).
import { expect, test, type Locator } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const LONG = "N".repeat(250);

/** Sets the input's value the way autofill or an extension does, past maxlength. */
const setPastMaxLength = (input: Locator, value: string) =>
  input.evaluate((el, v) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    set.call(el, v);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);

test("step and workflow names longer than 200 characters are cut to 200 and the workflow still saves", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "namelen", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Ticket", config: { fields: [{ name: "t", expression: '"x"' }] } },
  ]);
  const header = page.getByTestId("editor-header");
  const workflowName = header.getByLabel("Workflow name");
  await expect(workflowName).toHaveAttribute("maxlength", "200");
  await workflowName.fill(LONG);
  await expect(workflowName).toHaveValue("N".repeat(200));

  await page.getByTestId("step-node-2").click();
  const stepName = page.getByTestId("step-panel").getByLabel("Step name");
  await expect(stepName).toHaveAttribute("maxlength", "200");
  await stepName.fill("");
  await page.keyboard.insertText(LONG); // as a paste inserts it
  await expect(stepName).toHaveValue("N".repeat(200));

  await expect.poll(async () => { const w = await storedWorkflow(page, id); return [w.name, w.steps[1].name]; }, { timeout: 15_000 }).toEqual(["N".repeat(200), "N".repeat(200)]);
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();

  // Past maxlength by other means: still cut, still saved.
  await setPastMaxLength(stepName, "S".repeat(300));
  await setPastMaxLength(workflowName, "W".repeat(300));
  await expect(stepName).toHaveValue("S".repeat(200));
  await expect(workflowName).toHaveValue("W".repeat(200));
  await expect.poll(async () => { const w = await storedWorkflow(page, id); return [w.name, w.steps[1].name]; }, { timeout: 15_000 }).toEqual(["W".repeat(200), "S".repeat(200)]);
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
});
