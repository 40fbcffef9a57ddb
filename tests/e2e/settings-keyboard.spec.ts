// The settings a provider admin keeps (API tokens, app accounts) used from the keyboard: revoking
// a token moves focus to the next row's Revoke (else the name field) rather than dropping it to
// the page, and takes the revoked token's one-time secret off the page; saving an account's edit
// leaves focus on its row's Edit button, not on <body> with the form gone.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

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
