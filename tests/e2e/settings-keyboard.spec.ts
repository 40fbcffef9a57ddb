// The settings a provider admin keeps (API tokens, app accounts) used from the keyboard: revoking
// a token moves focus to the next row's Revoke (else the name field) rather than dropping it to
// the page, and takes the revoked token's one-time secret off the page; saving an account's edit
// leaves focus on its row's Edit button, not on <body> with the form gone; ending another
// browser's session moves focus to the next one's Sign out, never to this browser's own; on a
// phone the Sessions heading's description is not squeezed beside its button; a Copy the browser
// cannot do says so and selects the secret instead of doing nothing.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createClientAdmin } from "./e2e-database";
import { signInToOwnProvider } from "./own-provider";
import { signIn } from "./sign-in";

test("revoking API tokens from the keyboard moves focus on, and a revoked token's secret is no longer offered", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "tokfocus");
  await page.goto(`/w/${ws}/account`);
  const nameField = page.getByLabel("Token name");
  for (const name of ["backup job", "ticket sync"]) {
    await nameField.fill(name);
    await nameField.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Token “${name}” created` })).toBeVisible();
  }
  const rows = page.getByRole("list", { name: "API tokens" }).getByTestId("token-row");
  await expect(rows).toHaveCount(2);

  // The token just made, revoked at once (made by mistake): its secret goes with it.
  await page.getByRole("button", { name: "Revoke ticket sync" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Revoke backup job" })).toBeFocused();
  await expect(page.getByLabel("New API token")).toHaveCount(0);

  // The last one: focus goes to the form that makes the next.
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).press("Enter");
  await expect(page.getByText("No API tokens.")).toBeVisible();
  await expect(nameField).toBeFocused();
});

test("saving an account's edit from the keyboard leaves focus on its Edit button", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "acctfocus");
  const made = await page.request.post(`/api/v1/workspaces/${ws}/connections`, {
    data: { app: "psa", name: "Halo", authKind: "bearer", baseUrl: "https://psa.example.com", credentials: { token: "psa-token-1" } },
  });
  expect(made.status()).toBe(201);
  await page.goto(`/w/${ws}/connections`);
  await page.getByRole("button", { name: "Edit Halo", exact: true }).click();
  const row = page.getByTestId("account-Halo");
  await row.getByLabel("Account name").fill("Halo PSA");
  await page.getByRole("button", { name: "Save changes to Halo" }).press("Enter");
  await expect(page.getByRole("button", { name: "Edit Halo PSA", exact: true })).toBeFocused();
});

test("ending other sessions from the keyboard moves focus to the next one's Sign out, never to this browser's", async ({ page, browser }) => {
  const email = `sessfocus-${randomBytes(3).toString("hex")}@example.test`;
  await createClientAdmin("Contoso Dental", email, "sessfocus-pw-1");
  const others = [await browser.newContext(), await browser.newContext()];
  try {
    for (const context of others) await signIn(await context.newPage(), email, "sessfocus-pw-1");
    await signIn(page, email, "sessfocus-pw-1");
    const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
    await page.goto(`/w/${workspaces[0].id}/account`);
    const rows = page.getByRole("list", { name: "Sessions" }).getByTestId("session-row");
    await expect(rows).toHaveCount(3);
    const endOne = page.getByRole("button", { name: /^Sign out Headless Chrome/ });
    await endOne.first().focus();
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(2);
    await expect(endOne).toBeFocused();
    // The last other one: this browser's own Sign out (pressed again, it signs this browser out
    // at once) is not where focus lands; the list's heading is.
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeFocused();
  } finally {
    for (const context of others) await context.close();
  }
});

test("on a phone the Sessions description keeps the width of the page, its button going below it", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { ws } = await signInToOwnProvider(page, "sessnarrow");
  await page.goto(`/w/${ws}/account`);
  const description = page.getByText("Browsers signed in to your account.");
  const list = page.getByRole("list", { name: "Sessions" });
  await expect(list).toBeVisible();
  const [text, rows] = [await description.boundingBox(), await list.boundingBox()];
  // Beside the button it was squeezed to a column of two or three words a line (140 px of 327).
  expect(text!.width).toBeGreaterThan(rows!.width * 0.8);
  await expect(page.getByRole("button", { name: "Sign out other sessions" })).toBeInViewport();
});

test("Copy of a new token where the browser gives no clipboard says so and selects the token to copy by hand", async ({ page }) => {
  // A page served over plain http from another machine (npm start on a LAN address) is not a
  // secure context: the browser has no navigator.clipboard there.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true }));
  const { ws } = await signInToOwnProvider(page, "nocopy");
  await page.goto(`/w/${ws}/account`);
  await page.getByLabel("Token name").fill("rmm sync");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = page.getByLabel("New API token");
  const value = await secret.inputValue();
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Token “rmm sync” created" })).toContainText("Could not copy: the token is selected, press Ctrl+C (⌘C on a Mac)");
  await expect(secret).toBeFocused();
  expect(await secret.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toBe(value);
  await expect(page.getByRole("button", { name: "Copied" })).toHaveCount(0);
});
