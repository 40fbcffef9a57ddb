// A busy MSP's ~60 accounts: a labelled filter box by account name or app that says how many
// match; apps with no matching account are left out while filtering. A provider of its own.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("accounts: filtered by name or app; apps without a match are left out", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "acct-filter");
  for (let i = 1; i <= 8; i++) {
    const r = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name: `Client ${i} PSA`, authKind: "bearer", credentials: { token: "psa-token" } } });
    expect(r.status()).toBe(201);
  }
  expect((await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "directory", name: "Contoso tenant" } })).status()).toBe(201);

  await page.goto(`/w/${ws}/connections`);
  const filter = page.getByRole("searchbox", { name: "Filter accounts" });
  const status = page.getByRole("status").filter({ hasText: /accounts/ });
  await filter.fill("contoso");
  await expect(page.getByTestId("account-Contoso tenant")).toBeVisible();
  await expect(page.getByRole("region", { name: "PSA / ticketing" })).toBeHidden();
  await expect(status).toHaveText("1 of 9 accounts");

  // By the app's name: every PSA account, and no other app.
  await filter.fill("ticketing");
  await expect(page.getByRole("region", { name: "PSA / ticketing" }).getByRole("listitem")).toHaveCount(8);
  await expect(page.getByRole("region", { name: "Directory / identity" })).toBeHidden();
  await expect(status).toHaveText("8 of 9 accounts");

  await filter.fill("fabrikam");
  await expect(page.getByText("No accounts match “fabrikam”")).toBeVisible();
});
