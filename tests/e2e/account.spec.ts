// Account & security, reached from the user menu: the sessions list shows where the user is
// signed in (this browser marked) and ends another browser's session on its own; an API token is
// created (shown once), works for the API, and is revoked. Its own user, like the other
// session specs, so no other spec's session of the seeded owner is touched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createClientAdmin } from "./e2e-database";
import { signIn } from "./sign-in";

test("sessions can be ended one by one, and API tokens created and revoked, from the account page", async ({ page, browser, playwright, baseURL }) => {
  const email = `account-${randomBytes(4).toString("hex")}@example.test`;
  await createClientAdmin("Northwind Traders", email, "account-pw-1");
  const other = await browser.newContext();
  const api = await playwright.request.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, email, "account-pw-1");
    await signIn(page, email, "account-pw-1");

    await page.getByRole("button", { name: `Account: ${email}` }).click();
    await page.getByRole("menuitem", { name: "Account & security" }).click();
    await expect(page.getByRole("heading", { name: "Account & security" })).toBeVisible();
    const sessions = page.getByRole("list", { name: "Sessions" }).getByTestId("session-row");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: "This browser" })).toHaveCount(1);
    await expect(sessions.first()).toContainText("Headless Chrome on Linux");

    // End the other browser's session: it is gone from the list and signed out on its next page.
    await sessions.filter({ hasNotText: "This browser" }).getByRole("button", { name: /^Sign out / }).click();
    await expect(sessions).toHaveCount(1);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/signin/);

    // A new API token: shown once, works as a bearer token, then revoked.
    await page.getByLabel("Token name").fill("nightly export");
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = await page.getByLabel("New API token").inputValue();
    expect(secret).toMatch(/^mf_/);
    const bearer = { authorization: `Bearer ${secret}` };
    // "never used" is checked before the token's first use: the list refreshes after creating, and
    // that refresh may land after the API call below.
    const tokens = page.getByRole("list", { name: "API tokens" }).getByTestId("token-row");
    await expect(tokens.filter({ hasText: "nightly export" })).toContainText("never used");
    expect((await api.get("/api/v1/workspaces", { headers: bearer })).status()).toBe(200);
    await page.reload();
    await expect(tokens.filter({ hasText: "nightly export" })).toContainText("last used");
    await expect(page.getByLabel("New API token")).toHaveCount(0); // never shown again
    await page.screenshot({ path: "docs/screenshots/account.png", fullPage: true });

    await page.getByRole("button", { name: "Revoke nightly export" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).click();
    await expect(tokens.filter({ hasText: "nightly export" })).toHaveCount(0);
    expect((await api.get("/api/v1/workspaces", { headers: bearer })).status()).toBe(401);
  } finally {
    await api.dispose();
    await other.close();
  }
});
