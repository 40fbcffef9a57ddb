// A busy MSP's 250 variables: listed in natural order (AUD_2 before AUD_10), with a labelled
// filter box that matches a key or a plain variable's value — never a secret's — and says how many
// match, or "No variables match “…”". A provider of its own, so no other spec sees these keys.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

const keysShown = (page: Page) => page.locator('[data-testid^="variable-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")!.slice("variable-".length)));

test("variables: natural order, filtered by key or a plain value, never by a secret's value", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "var-filter");
  const put = async (key: string, value: string, secret = false) => expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/${key}`, { data: { value, secret } })).status()).toBe(201);
  for (let i = 0; i < 12; i++) await put(`AUD_${i}`, `audience ${i}`);
  await put("TENANT", "contoso.onmicrosoft.com");
  await put("EDR_TOKEN", "contoso-edr-secret", true);

  await page.goto(`/w/${ws}/variables`);
  await expect.poll(() => keysShown(page)).toEqual([...Array.from({ length: 12 }, (_, i) => `AUD_${i}`), "EDR_TOKEN", "TENANT"]);

  const filter = page.getByRole("searchbox", { name: "Filter variables" });
  const status = page.getByRole("status").filter({ hasText: /variables/ });
  await filter.fill("aud_1");
  await expect.poll(() => keysShown(page)).toEqual(["AUD_1", "AUD_10", "AUD_11"]);
  await expect(status).toHaveText("3 of 14 variables");

  // A plain variable's value matches; the secret whose value also holds "contoso" does not.
  await filter.fill("contoso");
  await expect.poll(() => keysShown(page)).toEqual(["TENANT"]);
  await expect(status).toHaveText("1 of 14 variables");

  await filter.fill("fabrikam");
  await expect(page.getByText("No variables match “fabrikam”")).toBeVisible();
  await expect(page.getByRole("list", { name: "Variables and secrets" })).toBeHidden();

  await filter.fill("");
  await expect.poll(async () => (await keysShown(page)).length).toBe(14);
});
