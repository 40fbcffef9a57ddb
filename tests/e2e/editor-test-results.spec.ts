// Test & Debug's result as QA found it: a Run step refusal ("fix step 2 (…) first") stayed under
// the button after an undo fixed the step and "All changes saved" showed; a step the run skipped
// read "Result • skipped" over a black null box, with no word of the Conditions branch; a failed
// step showed a null output box under its error.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a Run step refusal goes once the step is fixed (undo) and saved", async ({ page }) => {
  await openOwnWorkflow(page, "refusalgone", [
    { kind: "webhook", config: { testingData: { x: 1 } } },
    { kind: "transform", name: "Tag", config: { fields: [{ name: "t", expression: "1" }] } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  const expression = panel.getByRole("textbox", { name: "Expression" });
  await expression.fill("1 + {{ 9.x }}");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  const refusal = panel.getByRole("alert").filter({ hasText: "first" });
  await expect(refusal).toContainText("fix step 2");

  await page.keyboard.press("Control+z");
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
  await expect(refusal).toHaveCount(0);
  // Running works now.
  await panel.getByRole("button", { name: "Run whole workflow" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 30_000 });
});

test("a skipped step's result names the Conditions branch; a failed step shows no empty output", async ({ page }) => {
  await openOwnWorkflow(page, "skipwhy", [
    { kind: "webhook", config: { testingData: { severity: "critical" } } },
    {
      kind: "conditions",
      name: "Severity",
      config: {
        branches: [
          { id: "crit", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "isolate" },
          { id: "low", name: "Low", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "low" }], target: "ticket" },
        ],
        otherwise: { target: null },
      },
    },
    { id: "isolate", kind: "code", name: "Isolate", config: { code: 'throw new Error("EDR refused the isolation")' } },
    { id: "ticket", kind: "transform", name: "Ticket", config: { fields: [{ name: "t", expression: "1" }] } },
  ]);
  const panel = page.getByTestId("step-panel");
  const result = panel.getByRole("region", { name: "Test result" });

  await page.getByTestId("step-node-4").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run whole workflow" }).click();
  await expect(result).toContainText("skipped", { timeout: 30_000 });
  await expect(result.getByTestId("skip-reason")).toHaveText("This run skipped this step: the branch it took does not include it — step 2 (Severity) chose “Critical”.");
  await expect(result.getByLabel("Step output")).toHaveCount(0);

  // The step that failed in that run: its error, and no output box under it.
  await page.getByTestId("step-node-3").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(result).toContainText("failed", { timeout: 30_000 });
  await expect(result.getByRole("alert")).toContainText("EDR refused the isolation");
  await expect(result.getByLabel("Step output")).toHaveCount(0);
});
