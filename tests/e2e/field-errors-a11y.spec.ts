// A message about a field is tied to it for screen readers (aria-invalid, and the message as the
// field's description), and a message that appears after an action is announced (role alert).
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createClientAdmin } from "./e2e-database";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("editor: a required field, JSON that does not parse and a failed Run step are announced with their field", async ({ page }) => {
  test.setTimeout(90_000);
  await openOwnWorkflow(page, "fielderrors", [
    { kind: "webhook", config: { testingData: { host: "srv-1" } } },
    { kind: "http", name: "Call", config: { method: "GET", url: "https://example.test/x" } },
    { kind: "code", name: "Script", config: { code: 'throw new Error("boom from script")' } },
  ]);
  const panel = page.getByTestId("step-panel");

  await page.getByTestId("step-node-2").click();
  const url = panel.getByRole("textbox", { name: "URL", exact: true });
  await expect(url).not.toHaveAttribute("aria-invalid", "true");
  await url.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await expect(panel.locator('[data-missing-field="url"]')).toHaveText("URL is required");
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(url).toHaveAccessibleDescription("URL is required");
  await page.keyboard.type("https://example.test/y");
  await expect(url).not.toHaveAttribute("aria-invalid", "true");

  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  await testing.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(",");
  await expect(testing).toHaveAttribute("aria-invalid", "true");
  await expect(testing).toHaveAccessibleDescription(/Not valid JSON yet/);
  await page.keyboard.press("Backspace");
  await expect(testing).not.toHaveAttribute("aria-invalid", "true");

  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  await page.getByTestId("step-node-3").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("alert")).toContainText("boom from script", { timeout: 15_000 });
});

test("sign-in and change-password errors describe the fields they are about", async ({ page }) => {
  const email = `fielderr-${randomBytes(4).toString("hex")}@example.test`;
  await createClientAdmin("Contoso Dental", email, "field-errors-pw-1");

  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong e-mail or password.");
  for (const label of ["E-mail", "Password"]) {
    await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(label)).toHaveAccessibleDescription("Wrong e-mail or password.");
  }

  await page.getByLabel("Password").fill("field-errors-pw-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await page.getByRole("button", { name: `Account: ${email}` }).click();
  await page.getByRole("menuitem", { name: "Change password…" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.getByLabel("Current password").fill("not-the-password");
  await dialog.getByLabel("New password (at least 8 characters)").fill("new-password-2");
  await dialog.getByLabel("New password again").fill("new-password-3");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The new passwords do not match.");
  await expect(dialog.getByLabel("New password again")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("New password again")).toHaveAccessibleDescription("The new passwords do not match.");
  await expect(dialog.getByLabel("Current password")).not.toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("New password again").fill("new-password-2");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The current password is wrong.");
  await expect(dialog.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Current password")).toHaveAccessibleDescription("The current password is wrong.");
  await expect(dialog.getByLabel("New password again")).not.toHaveAttribute("aria-invalid", "true");
});
