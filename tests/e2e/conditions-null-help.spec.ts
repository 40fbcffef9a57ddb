// A Conditions rule's "Compare with" says, for the operators that compare as equals does, that the
// typed text null stands for no value (README: Conditions rules), and not where it means nothing.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

const HELP = "Type null for no value: a field that is null or missing equals null.";

test("'Compare with' says that null stands for no value for equals, not for greater than", async ({ page }) => {
  await openOwnWorkflow(page, "conditions-null-help", [
    { kind: "webhook", config: {} },
    { id: "check", kind: "conditions", config: { branches: [{ id: "none", name: "No owner", rules: [{ left: "{{ 1.owner }}", op: "equals", right: "null" }], target: "stop" }], otherwise: { target: "stop" } } },
  ]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  const operator = panel.getByRole("combobox", { name: "Operator" });
  await expect(panel.getByText(HELP, { exact: false })).toBeVisible();

  await operator.selectOption("gt");
  await expect(panel.getByText("Compare with", { exact: false }).first()).toBeVisible();
  await expect(panel.getByText(HELP, { exact: false })).toHaveCount(0);

  await operator.selectOption("not_equals");
  await expect(panel.getByText(HELP, { exact: false })).toBeVisible();
});
