// A Conditions rule's operator reads in words like its neighbours ("equals", "is empty"): "greater
// than or equal to", not the stored "gte"; the saved value stays "gte". Its own provider.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test("comparison operators read in words, and the stored operator is unchanged", async ({ page }) => {
  const wf = await openOwnWorkflow(page, "rule-words", [
    { kind: "webhook", config: {} },
    { id: "disk", kind: "conditions", config: { branches: [{ id: "low", name: "Low disk", rules: [{ left: "{{ 1.freePercent }}", op: "lt", right: "10" }], target: "clean" }], otherwise: { target: null } } },
    { id: "clean", kind: "http", name: "Clean up", config: { method: "POST", url: "https://rmm.example/cleanup" } },
  ]);
  await page.getByTestId("step-node-2").click();
  const operator = page.getByTestId("step-panel").getByRole("combobox", { name: "Operator" });
  await expect(operator.locator("option:checked")).toHaveText("less than");
  await expect(operator.locator("option")).toContainText(["equals", "not equals", "contains", "greater than", "greater than or equal to", "less than", "less than or equal to"]);
  await operator.selectOption({ label: "greater than or equal to" });
  await expect.poll(async () => ((await storedWorkflow(page, wf.id)).steps[1].config.branches as { rules: { op: string }[] }[])[0].rules[0].op).toBe("gte");
});
