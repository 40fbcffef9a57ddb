// An account's non-secret settings on the Connections page: the add form asks for what its auth
// kind needs (a Directory account's token URL, which names the tenant, is only a placeholder hint
// and is refused while it still holds "<tenant-id>"), starts from the app's real defaults (scope,
// API-key header, default model; how an AI account sends its key), the Edit form changes them, and each row shows them. Before,
// every OAuth account made here was stored with the template token URL and never got a token.
// Its own provider, so no other spec sees these accounts.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

const TEMPLATE = "https://login.microsoftonline.com/<tenant-id>/oauth2/v2.0/token";
const TOKEN_URL = "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token";


async function configOf(page: Page, ws: string, name: string): Promise<Record<string, unknown>> {
  const { connections } = (await (await page.request.get(`/api/v1/workspaces/${ws}/connections`)).json()) as { connections: { name: string; config: Record<string, unknown> }[] };
  return connections.find((c) => c.name === name)!.config;
}

test("an OAuth account made in the UI gets the token URL, scope and audience typed in; API-key and AI settings too; rows show them", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "conn-settings")).ws;
  await page.goto(`/w/${ws}/connections`);
  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "Directory / identity" });
  await expect(form.getByLabel("Authentication")).toHaveValue("oauth2_client_credentials");
  const tokenUrl = form.getByLabel("Token URL");
  // The template is a hint, not a value; the scope is a real default.
  await expect(tokenUrl).toHaveValue("");
  await expect(tokenUrl).toHaveAttribute("placeholder", TEMPLATE);
  await expect(tokenUrl).toHaveAccessibleDescription(/with <tenant-id> replaced by your own value/);
  await expect(form.getByLabel("Scope")).toHaveValue("https://graph.microsoft.com/.default");
  await form.getByLabel("Account name").fill("Contoso Graph");
  await form.getByLabel("Client ID").fill("contoso-app-id");
  await form.getByLabel("Client secret").fill("contoso-client-secret");

  // Left empty, the form does not send; typed as the template, the API refuses it naming the field.
  await form.getByRole("button", { name: "Add account" }).click();
  expect(await tokenUrl.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
  await tokenUrl.fill(TEMPLATE);
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "config.tokenUrl: still holds the placeholder <tenant-id>" })).toBeVisible();
  await expect(tokenUrl).toHaveValue(TEMPLATE);
  await expect(page.getByTestId("account-Contoso Graph")).toHaveCount(0);

  await tokenUrl.fill(TOKEN_URL);
  await form.getByLabel("Audience").fill("https://graph.microsoft.com");
  await form.getByRole("button", { name: "Add account" }).click();
  const graph = page.getByTestId("account-Contoso Graph");
  await expect(graph).toContainText("credentials set");
  const settings = graph.getByRole("definition");
  await expect(graph.getByLabel("Settings")).toContainText(`Token URL${TOKEN_URL}`);
  await expect(graph.getByLabel("Settings")).toContainText("Scopehttps://graph.microsoft.com/.default");
  await expect(graph.getByLabel("Settings")).toContainText("Audiencehttps://graph.microsoft.com");
  await expect(settings).toHaveCount(4); // token URL, scope, audience, how the token request authenticates
  expect(await configOf(page, ws, "Contoso Graph")).toEqual({ tokenUrl: TOKEN_URL, scope: "https://graph.microsoft.com/.default", audience: "https://graph.microsoft.com" });

  // Edit: the settings are there to change; credentials left empty are kept.
  await graph.getByRole("button", { name: "Edit" }).click();
  await expect(graph.getByLabel("Token URL")).toHaveValue(TOKEN_URL);
  await graph.getByLabel("Audience").fill("");
  await graph.getByLabel("Token request").selectOption({ label: "Credentials as HTTP Basic auth" });
  await graph.getByRole("button", { name: "Save" }).click();
  await expect(graph.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(graph.getByLabel("Settings")).toContainText("Token requestCredentials as HTTP Basic auth");
  await expect(graph.getByLabel("Settings")).not.toContainText("Audience");
  await expect(graph).toContainText("credentials set");
  expect(await configOf(page, ws, "Contoso Graph")).toEqual({ tokenUrl: TOKEN_URL, scope: "https://graph.microsoft.com/.default", clientAuth: "basic" });

  // An API key: its header name starts as the app's, the prefix is kept with its trailing space.
  await form.getByLabel("App").selectOption({ label: "Remote monitoring (RMM)" });
  await expect(form.getByLabel("Header name")).toHaveValue("X-API-Key");
  await form.getByLabel("Header name").fill("Authorization");
  await form.getByLabel("Key prefix").fill("Token ");
  await form.getByLabel("Account name").fill("RMM key");
  await form.getByLabel("API key", { exact: true }).fill("rmm-secret-key");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByTestId("account-RMM key").getByLabel("Settings")).toContainText("Header nameAuthorization");
  expect(await configOf(page, ws, "RMM key")).toEqual({ headerName: "Authorization", prefix: "Token " });

  // An AI account: the default model starts as the app's and can be changed; the key goes as
  // Bearer unless the account says Azure's api-key header.
  await form.getByLabel("App").selectOption({ label: "OpenAI-compatible AI" });
  await expect(form.getByLabel("Default model")).toHaveValue("gpt-4o-mini");
  await form.getByLabel("Default model").fill("gpt-4.1-mini");
  const keyHeader = form.getByLabel("Send the key as");
  await expect(keyHeader).toHaveValue("authorization");
  await expect(keyHeader.getByRole("option")).toHaveText(["Authorization: Bearer (OpenAI, most compatible servers)", "api-key header (Azure OpenAI)"]);
  await keyHeader.selectOption({ label: "api-key header (Azure OpenAI)" });
  await form.getByLabel("Account name").fill("Azure AI");
  await form.getByRole("button", { name: "Add account" }).click();
  const ai = page.getByTestId("account-Azure AI");
  await expect(ai.getByLabel("Settings")).toContainText("Default modelgpt-4.1-mini");
  await expect(ai.getByLabel("Settings")).toContainText("Send the key asapi-key header (Azure OpenAI)");
  expect(await configOf(page, ws, "Azure AI")).toEqual({ defaultModel: "gpt-4.1-mini", keyHeader: "api-key" });
  // Edit shows the choice and switches back to Bearer (the default, so nothing stored).
  await ai.getByRole("button", { name: "Edit" }).click();
  await expect(ai.getByLabel("Send the key as")).toHaveValue("api-key");
  await ai.getByLabel("Send the key as").selectOption({ label: "Authorization: Bearer (OpenAI, most compatible servers)" });
  await ai.getByRole("button", { name: "Save" }).click();
  await expect(ai.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(ai.getByLabel("Settings")).toContainText("Send the key asAuthorization: Bearer");
  expect(await configOf(page, ws, "Azure AI")).toEqual({ defaultModel: "gpt-4.1-mini" });
  await page.screenshot({ path: test.info().outputPath("connections-settings.png"), fullPage: true });
});

test("an account made through the API without a token URL is flagged on its row, and Edit asks for one", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "conn-settings")).ws;
  const res = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "directory", name: "Shell", credentials: { clientId: "cid", clientSecret: "shell-secret" } } });
  expect(res.status()).toBe(201);
  await page.goto(`/w/${ws}/connections`);
  const row = page.getByTestId("account-Shell");
  await expect(row.getByLabel("Settings")).toContainText("Token URLnot set: no token can be fetched");
  await row.getByRole("button", { name: "Edit" }).click();
  await row.getByLabel("Token URL").fill(TOKEN_URL);
  // The stored client secret has gone nowhere yet: its first address needs it entered again.
  await expect(row.getByRole("note")).toContainText("the client secret would be sent to https://login.microsoftonline.com");
  await row.getByLabel("Client ID").fill("cid");
  await row.getByLabel("Client secret").fill("shell-secret");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByLabel("Settings")).toContainText(`Token URL${TOKEN_URL}`);
  expect(await configOf(page, ws, "Shell")).toEqual({ tokenUrl: TOKEN_URL, scope: "https://graph.microsoft.com/.default" });
});
