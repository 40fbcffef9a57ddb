// Change password from the user menu: a wrong current password is explained in the dialog; the
// right one changes it, keeps this browser signed in and says the other sessions were signed out
// — a second browser signed in to the account (a stolen session, say) is out — and only the new
// password signs in. Its own user (a client admin), so the seeded owner's password stays what the
// other specs use.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createClientAdmin } from "./e2e-database";
import { signIn } from "./sign-in";

test("change password: checked, applied, this browser kept, the others signed out, and the old one no longer signs in", async ({ page, browser }) => {
  const email = `password-${randomBytes(4).toString("hex")}@example.test`;
  await createClientAdmin("Contoso Dental", email, "old-password-1");
  await signIn(page, email, "old-password-1");
  const elsewhere = await browser.newContext();
  try {
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, email, "old-password-1");

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
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toHaveText(
      "Password changed; your other sessions were signed out. API tokens keep working.",
    );
    // Still signed in here, on a fresh page load too.
    await page.reload();
    await expect(page).not.toHaveURL(/\/signin/);
    await expect(page.getByTestId("current-workspace")).toHaveText("Contoso Dental");
    // The other browser is out at its next page.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/signin/);

    await otherPage.getByLabel("E-mail").fill(email);
    await otherPage.getByLabel("Password").fill("old-password-1");
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    await expect(otherPage.locator("form").getByRole("alert")).toHaveText("Wrong e-mail or password.");

    await signIn(otherPage, email, "new-password-2");
    await expect(otherPage.getByTestId("current-workspace")).toHaveText("Contoso Dental");
  } finally {
    await elsewhere.close();
  }
});
