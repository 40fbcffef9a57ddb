// A step's error can carry a long unbroken text (an API's whole JSON body): in the step panel it
// wraps inside its box — Test & Debug, the step's Executions, the trigger's "The run failed: …"
// line and the JSON of a payload — instead of running out of the panel (found by QA).
import { expect, test, type Locator } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1280, height: 800 } });

const BODY = JSON.stringify({ error: { code: "E_UPSTREAM", detail: "x".repeat(400) } }).replace(/ /g, "");

/** The text fits its box: nothing scrolls sideways or reaches past the step panel. */
async function expectWrapped(el: Locator, panel: Locator) {
  await expect(el).toBeVisible();
  const { scrollWidth, clientWidth } = await el.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth + 1);
  const box = (await el.boundingBox())!;
  const outer = (await panel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
}

test("a long unbroken error or payload wraps in Test & Debug and Executions", async ({ page }) => {
  test.setTimeout(120_000);
  await openOwnWorkflow(page, "longerr", [
    { kind: "webhook", config: { testingData: { raw: BODY } } },
    { kind: "code", name: "Call the API", config: { code: `throw new Error(${JSON.stringify(BODY)});` } },
  ]);
  const panel = page.getByTestId("step-panel");

  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run whole workflow" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("failed", { timeout: 30_000 });
  await expectWrapped(result.getByRole("alert"), panel);

  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.getByTestId("execution").first();
  await entry.getByRole("button").first().click();
  await expectWrapped(entry.locator("p", { hasText: "E_UPSTREAM" }).first(), panel);

  // The trigger: the run's error and the payload it received.
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  const run = panel.getByTestId("execution").first();
  await run.getByRole("button").first().click();
  await expectWrapped(run.locator("p", { hasText: "The run failed: " }), panel);
  await expectWrapped(run.getByLabel("Received payload"), panel);
});
