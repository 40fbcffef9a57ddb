// An account's Edit form on the Connections page: changing its base URL to another host (or
// clearing it) would send the stored, write-only credentials there, so the form says so and
// makes the credential fields required before it sends; a new path on the same host does not.
// When the API refuses anyway (an AI account, whose key the form cannot know is set), its
// message is shown. Before, the form saved the new host and the next run sent the stored token.
// Its own provider, so no other spec sees these accounts.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

async function accountOf(page: Page, ws: string, name: string): Promise<{ baseUrl: string | null; hasCredentials: boolean }> {
  const { connections } = (await (await page.request.get(`/api/v1/workspaces/${ws}/connections`)).json()) as { connections: { name: string; baseUrl: string | null; hasCredentials: boolean }[] };
  return connections.find((c) => c.name === name)!;
}

test("moving an account to another host asks for its credentials again; a new path does not", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "conn-address")).ws;
  const made = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name: "PSA token", authKind: "bearer", baseUrl: "https://psa.example.com/api", credentials: { token: "psa-stored-token" } } });
  expect(made.status()).toBe(201);
  await page.goto(`/w/${ws}/connections`);
  const row = page.getByTestId("account-PSA token");
  await row.getByRole("button", { name: "Edit" }).click();
  const token = row.getByRole("textbox", { name: "Token", exact: true });
  await expect(token).not.toHaveAttribute("required", "");
  await expect(row.getByText("Leave a credential field empty to keep its stored value")).toBeVisible();

  // Another host: a note naming both, and the token is required before anything is sent.
  await row.getByLabel("Base URL").fill("https://other.example.test/api");
  await expect(row.getByRole("note")).toHaveText(
    "Enter the credentials again to send them to a new address: the credentials would go to https://other.example.test instead of https://psa.example.com. The stored ones are sent only where they were entered for.",
  );
  await expect(token).toHaveAttribute("required", "");
  await row.getByRole("button", { name: "Save" }).click();
  expect(await token.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
  expect(await accountOf(page, ws, "PSA token")).toMatchObject({ baseUrl: "https://psa.example.com/api" });

  // Cleared: the same.
  await row.getByLabel("Base URL").fill("");
  await expect(row.getByRole("note")).toContainText("without a base URL the credentials would go to any host a step names");
  await expect(token).toHaveAttribute("required", "");

  // A new path on the same host: nothing to enter again.
  await row.getByLabel("Base URL").fill("https://psa.example.com/v2");
  await expect(row.getByRole("note")).toHaveCount(0);
  await expect(token).not.toHaveAttribute("required", "");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(row).toContainText("https://psa.example.com/v2");

  // Another host with the token typed again is saved.
  await row.getByRole("button", { name: "Edit" }).click();
  await row.getByLabel("Base URL").fill("https://other.example.test/api");
  await token.fill("psa-new-token");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(row).toContainText("https://other.example.test/api");
  expect(await accountOf(page, ws, "PSA token")).toEqual(expect.objectContaining({ baseUrl: "https://other.example.test/api", hasCredentials: true }));

  // The audit names the old and new origin.
  await page.goto(`/w/${ws}/audit`);
  await expect(page.getByText("base URL https://psa.example.com → https://other.example.test")).toBeVisible();
});

test("an AI account moved without its key: the API's refusal is shown and nothing is saved", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "conn-address")).ws;
  const made = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "openai", name: "AI", baseUrl: "https://api.openai.com/v1", credentials: { apiKey: "sk-stored-key" } } });
  expect(made.status()).toBe(201);
  await page.goto(`/w/${ws}/connections`);
  const row = page.getByTestId("account-AI");
  await row.getByRole("button", { name: "Edit" }).click();
  await row.getByLabel("Base URL").fill("https://ai.other.example.test/v1");
  await expect(row.getByRole("note")).toContainText("Enter the credentials again (if the account has an API key)");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "baseUrl" })).toHaveText(
    "baseUrl: the credentials would go to https://ai.other.example.test instead of https://api.openai.com: enter the credentials again (apiKey) to send them to a new address",
  );
  await expect(row.getByLabel("Base URL")).toHaveValue("https://ai.other.example.test/v1");
  expect(await accountOf(page, ws, "AI")).toMatchObject({ baseUrl: "https://api.openai.com/v1" });
});
