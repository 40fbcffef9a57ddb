// A Webhook's invalid Signature header ("X Bad Header") was said in the header and the panel's
// top box but not under the field, which was not marked invalid; the Scheduler's header notes
// named its fields by config key ("timezone: must be …") instead of the panel's labels.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("the Signature header's problem is under the field, which is marked invalid", async ({ page }) => {
  await openOwnWorkflow(page, "sigbad", [{ kind: "webhook", config: {} }, { kind: "code", name: "Report", config: { code: "return 1" } }]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  const field = panel.getByRole("textbox", { name: "Signature header" });
  await field.fill("X Bad Header");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Signature header: must be a valid HTTP header name");
  await field.fill("X-Good-Header");
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
});

test("the Scheduler's header notes name Time zone as its panel does", async ({ page }) => {
  await openOwnWorkflow(page, "schedlabel", [{ kind: "scheduler", config: { cron: "0 8 * * *", timezone: "UTC" } }, { kind: "code", name: "Report", config: { code: "return 1" } }]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("combobox", { name: "Time zone" }).fill("Mars/Olympus");
  const header = page.getByTestId("editor-header");
  await expect(header).toContainText("Time zone: must be an IANA time zone");
  await expect(header).not.toContainText("timezone:");
});
