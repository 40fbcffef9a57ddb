// Focus is not dropped to the page after an action: a dialog opened from a button or a menu
// returns it to where it was opened from, and a button that is busy while its action runs
// (Run step) or is replaced by its opposite (Go live, then Unpublish) keeps it.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("replace-trigger dialog, Run step and Go live leave focus on the button used", async ({ page }) => {
  await openOwnWorkflow(page, "focusback", [
    { kind: "webhook", config: { testingData: { host: "srv-1" } } },
    { kind: "transform", name: "Ticket text", config: { fields: [{ name: "t", expression: '"x"' }] } },
  ]);
  const dock = page.getByRole("complementary", { name: "Tools" });
  const scheduler = dock.getByRole("region", { name: "Start" }).getByRole("button", { name: /^Scheduler/ });
  const dialog = page.getByRole("alertdialog");

  await scheduler.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toContainText("Replace the Webhook trigger with a Scheduler?");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(scheduler).toBeFocused();
  await scheduler.focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Cancel" }).press("Enter");
  await expect(dialog).toBeHidden();
  await expect(scheduler).toBeFocused();

  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const run = panel.getByRole("button", { name: "Run step" });
  await run.focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  await expect(run).toBeFocused();

  const header = page.getByTestId("editor-header");
  await header.getByRole("button", { name: "Go live" }).focus();
  await page.keyboard.press("Enter");
  const unpublish = header.getByRole("button", { name: "Unpublish" });
  await expect(unpublish).toBeVisible();
  await expect(unpublish).toBeFocused();
});

test("Sign out everywhere… cancelled returns focus to the Account menu button", async ({ page }) => {
  const { email } = await openOwnWorkflow(page, "menufocus", [{ kind: "webhook", config: {} }]);
  const account = page.getByRole("button", { name: `Account: ${email}` });
  await account.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Sign out everywhere…" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Sign out everywhere?");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(account).toBeFocused();
});
