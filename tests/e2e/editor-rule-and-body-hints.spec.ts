// A Conditions rule's "Compare with (optional)" stayed on screen, value and all, for exists and
// is empty, which ignore it; and an HTTP JSON body with a bare reference ({"a": {{ 1.severity }} })
// said only "Expected property name or '}' … position 7", not how to write the reference.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("Compare with is hidden for exists and is empty, and comes back with its value", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "unaryrule", [
    { kind: "webhook", config: {} },
    { kind: "conditions", name: "Route", config: { branches: [{ id: "b1", name: "Hot", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "stop" }], otherwise: { target: null } } },
  ]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  const compare = panel.getByRole("textbox", { name: /^Compare with/ });
  await expect(compare).toContainText("critical");
  await panel.getByRole("combobox", { name: "Operator" }).selectOption("exists");
  await expect(compare).toHaveCount(0);
  await expect(panel).not.toContainText("Compare with");
  await expect.poll(async () => ((await storedWorkflow(page, id)).steps[1].config.branches as { rules: { op: string; right?: unknown }[] }[])[0].rules[0]).toMatchObject({ op: "exists", right: "critical" });
  await panel.getByRole("combobox", { name: "Operator" }).selectOption("equals");
  await expect(compare).toContainText("critical");
});

test("a JSON body with a bare reference says to put it in quotes", async ({ page }) => {
  await openOwnWorkflow(page, "barerefbody", [
    { kind: "webhook", config: { testingData: { severity: 3 } } },
    { kind: "http", config: { method: "POST", url: "https://example.test/x", body: { type: "json", json: { a: 1 } } } },
  ]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  const body = panel.getByRole("textbox", { name: "JSON body (optional)" });
  await body.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"a": {{ 1.severity }} }');
  // The hint is the field's description (a JSON field's parse error is no longer an alert).
  await expect(body).toHaveAttribute("aria-invalid", "true");
  await expect(body).toHaveAccessibleDescription(/put the reference in quotes \("\{\{ 1\.severity \}\}"\): a text that is exactly one reference takes its value with its type/);
  await expect(panel.getByText(/put the reference in quotes/)).toBeVisible();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"a": "{{ 1.severity }}"}');
  await expect(panel.getByText(/put the reference in quotes/)).toHaveCount(0);
  await expect(body).not.toHaveAttribute("aria-invalid", "true");
});
