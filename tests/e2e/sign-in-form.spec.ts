// The sign-in form's two rough edges: Enter pressed before next-auth's CSRF token has arrived
// signs in once it is there (the button used to stay disabled, so nothing happened), and a wrong
// password brings the form back with the e-mail still in it. Its own user.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";

test("Enter before the CSRF token has loaded signs in once it arrives", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `early-${tag}@example.test`;
  await createProviderOwner(`Early MSP ${tag}`, email, "early-pw-1");
  // Hold the token until the form has been submitted.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const tokenAsked = new Promise<void>((r) => (asked = r));
  await page.route("**/api/auth/csrf", async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto("/signin");
  await tokenAsked;
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("early-pw-1");
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByRole("button", { name: "Signing in…" })).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  release();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await expect(page.getByTestId("current-workspace")).toHaveText(`Early MSP ${tag}`);
});

test("a wrong password keeps the e-mail in the form", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `typo-${tag}@example.test`;
  await createProviderOwner(`Typo MSP ${tag}`, email, "typo-pw-1");
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong e-mail or password.");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Password")).toBeFocused();
  // Only the password is left to type.
  await page.getByLabel("Password").fill("typo-pw-1");
  await page.getByLabel("Password").press("Enter");
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await expect(page.getByTestId("current-workspace")).toHaveText(`Typo MSP ${tag}`);
});
