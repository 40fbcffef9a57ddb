// "Sign out everywhere" from the user menu in the top bar: after the confirmation, this browser is back at the
// sign-in page and a second browser signed in as the same user is signed out on its next page.
// Its own user (a client admin), so no other spec's session of the seeded owner is touched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createClientAdmin } from "./e2e-database";
import { signIn } from "./sign-in";

test("sign out everywhere ends this browser's session and every other one", async ({ page, browser }) => {
  const email = `everywhere-${randomBytes(4).toString("hex")}@example.test`;
  await createClientAdmin("Contoso Dental", email, "everywhere-pw-1");
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, email, "everywhere-pw-1");
    await signIn(page, email, "everywhere-pw-1");
    await expect(page.getByTestId("current-workspace")).toHaveText("Contoso Dental");

    await page.getByRole("button", { name: `Account: ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out everywhere…" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("API tokens keep working");
    await page.screenshot({ path: "docs/screenshots/sign-out-everywhere.png" });
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/signin/);

    // The other browser still holds its cookie; the next page it opens sends it to sign in.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/signin/);
    await expect(otherPage.getByRole("heading", { name: "Sign in to MSP Flow", exact: true })).toBeVisible();

    // Signing in again works.
    await signIn(page, email, "everywhere-pw-1");
    await expect(page.getByTestId("current-workspace")).toHaveText("Contoso Dental");
  } finally {
    await other.close();
  }
});
