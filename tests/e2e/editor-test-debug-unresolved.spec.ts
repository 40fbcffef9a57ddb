// Run step on a later step whose reference found no data ({{ 1.tickt.company }}, a typo:
// "company" comes out null) says which one in Test & Debug's Result, as Executions does — it said
// nothing, and only Executions showed "1 unresolved".
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("Run step's Result names the references that found no data", async ({ page }) => {
  await openOwnWorkflow(page, "tdunresolved", [
    { kind: "webhook", config: { testingData: { ticket: { company: "Contoso" } } } },
    { kind: "transform", name: "Company", config: { fields: [{ name: "company", expression: "{{ 1.tickt.company }}" }] } },
  ]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("succeeded", { timeout: 30_000 });

  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(result.getByLabel("Step output")).toContainText("null", { timeout: 30_000 });
  const note = result.getByTestId("unresolved-references");
  await expect(note).toContainText("This reference found no data");
  await expect(note.locator("code")).toHaveText(["{{ 1.tickt.company }}"]);
});
