// Change password from the user menu: a wrong current password is explained in the dialog; the
// right one changes it, signs this browser out with a notice, and only the new password signs in.
// Its own user (a client admin), so the seeded owner's password stays what the other specs use.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createClientAdmin } from "./e2e-database";
import { signIn } from "./sign-in";

test("change password: checked, applied, and the old one no longer signs in", async ({ page }) => {
  const email = `password-${randomBytes(4).toString("hex")}@example.test`;
  await createClientAdmin("Contoso Dental", email, "old-password-1");
  await signIn(page, email, "old-password-1");

  await page.getByRole("button", { name: `Account: ${email}` }).click();
  await page.getByRole("menuitem", { name: "Change password…" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await dialog.getByLabel("Current password").fill("not-the-password");
  await dialog.getByLabel("New password (at least 8 characters)").fill("new-password-2");
  await dialog.getByLabel("New password again").fill("new-password-2");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The current password is wrong.");
  await page.screenshot({ path: "docs/screenshots/change-password.png" });

  await dialog.getByLabel("Current password").fill("old-password-1");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/signin\?notice=password-changed/);
  await expect(page.getByRole("status")).toHaveText("Your password was changed. Sign in with the new one.");

  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("old-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong e-mail or password.");

  await signIn(page, email, "new-password-2");
  await expect(page.getByTestId("current-workspace")).toHaveText("Contoso Dental");
});
