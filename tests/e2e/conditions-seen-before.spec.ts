// The Conditions operator "was already seen" in the editor: offered in words beside the others,
// with help saying what it records and when, and "Compare with" becoming how many days an id is
// remembered (optional: 30 when empty). Stored as seen_before, the days as typed. Its own provider.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test("choosing 'was already seen' explains it and asks for the days to remember", async ({ page }) => {
  const wf = await openOwnWorkflow(page, "seen-before", [
    { kind: "webhook", config: {} },
    { id: "dedup", kind: "conditions", config: { branches: [{ id: "dup", name: "Repeat", rules: [{ left: "{{ 1.alertId }}", op: "equals", right: "x" }], target: "stop" }], otherwise: { target: "ticket" } } },
    { id: "ticket", kind: "http", name: "Open ticket", config: { method: "POST", url: "https://psa.example/tickets" } },
  ]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  const operator = panel.getByRole("combobox", { name: "Operator" });
  await expect(operator.locator("option")).toContainText(["equals", "is empty", "was already seen"]);
  await operator.selectOption({ label: "was already seen" });

  await expect(operator).toHaveAccessibleDescription(/earlier live run of this workflow got to this rule with the same value/);
  await expect(panel.getByText("A run that fails later has still seen it. Test runs check but record nothing.", { exact: false })).toBeVisible();
  await expect(panel.getByText("Compare with", { exact: true })).toHaveCount(0);
  const days = panel.getByRole("textbox", { name: "Remember for (days) (optional)" });
  await expect(days).toBeVisible();
  await expect(panel.getByText("How long an id counts as seen; empty: 30 days.", { exact: false })).toBeVisible();
  await days.fill("7");

  await expect
    .poll(async () => ((await storedWorkflow(page, wf.id)).steps[1].config.branches as { rules: { op: string; right: unknown }[] }[])[0].rules[0])
    .toEqual({ left: "{{ 1.alertId }}", op: "seen_before", right: "7" });

  // Days that are not a whole number from 1 to 3,650 are said under the field.
  await days.fill("0");
  await expect(panel.locator('[data-missing-field="branches.0.rules.0.right"]')).toHaveText('Branch 1 rule 1 days to remember: must be a whole number of days from 1 to 3,650 (empty: 30); got "0"');
});
