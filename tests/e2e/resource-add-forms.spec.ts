// The add forms of the Variables and Connections pages say what they will do and keep what was
// typed when refused: adding a key that exists is refused (the form cannot overwrite a value or
// turn a secret into a plain variable on show to viewers); after adding an account the app and
// authentication boxes still show what the next account gets; a refused account keeps its input;
// an account's password alone can be changed. Its own provider, so no other spec sees these.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";


test("adding a variable whose key exists is refused and changes nothing; the typed value stays", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "vars-add")).ws;
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/GRAPH_KEY`, { data: { value: "the-real-secret", secret: true } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  const form = page.getByRole("form", { name: "Add a variable or secret" });
  await form.getByLabel("Key").fill("GRAPH_KEY");
  await form.getByLabel(/^Value/).fill("typed-in-clear");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "GRAPH_KEY already exists (a secret)" })).toBeVisible();
  await expect(form.getByLabel(/^Value/)).toHaveValue("typed-in-clear");
  const row = page.getByTestId("variable-GRAPH_KEY");
  await expect(row).toContainText("Secret");
  await expect(row).toContainText("(set)");
  await expect(page.getByText("typed-in-clear", { exact: true })).toHaveCount(0);

  // A new key is added and the form cleared.
  await form.getByLabel("Key").fill("REGION");
  await form.getByLabel(/^Value/).fill("eu-west");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("variable-REGION")).toContainText("eu-west");
  await expect(form.getByLabel("Key")).toHaveValue("");
});

test("the add-account form shows what the next account gets, keeps a refused one's input, and a password can change alone", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "conn-add")).ws;
  await page.goto(`/w/${ws}/connections`);
  const form = page.getByRole("form", { name: "Add an account" });
  const add = async (name: string, token: string) => {
    await form.getByLabel("Account name").fill(name);
    await form.getByLabel("Token", { exact: true }).fill(token);
    await form.getByRole("button", { name: "Add account" }).click();
  };
  await form.getByLabel("App").selectOption({ label: "PSA / ticketing" });
  await form.getByLabel("Authentication").selectOption("bearer");
  await add("PSA one", "psa-token-1");
  await expect(page.getByTestId("account-PSA one")).toBeVisible();
  // The boxes still say PSA / bearer, which is what the next account is created with.
  await expect(form.getByLabel("App")).toHaveValue("psa");
  await expect(form.getByLabel("Authentication")).toHaveValue("bearer");
  await expect(form.getByLabel("Account name")).toHaveValue("");
  await add("PSA two", "psa-token-2");
  await expect(page.getByTestId("account-PSA two")).toBeVisible();
  const { connections } = (await (await page.request.get(`/api/v1/workspaces/${ws}/connections`)).json()) as { connections: { name: string; app: string; authKind: string }[] };
  expect(connections.map((c) => [c.name, c.app, c.authKind]).sort()).toEqual([["PSA one", "psa", "bearer"], ["PSA two", "psa", "bearer"]]);

  // A taken name is refused and what was typed stays.
  await add("PSA one", "psa-token-3");
  await expect(page.getByRole("alert").filter({ hasText: 'already has an account named "PSA one"' })).toBeVisible();
  await expect(form.getByLabel("Account name")).toHaveValue("PSA one");
  await expect(form.getByLabel("Token", { exact: true })).toHaveValue("psa-token-3");
  await expect(form.getByLabel("App")).toHaveValue("psa");

  // An edit refused further down the page: its message is scrolled into view.
  for (let i = 0; i < 6; i++) expect((await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "chat", name: `Chat ${i}`, authKind: "bearer", credentials: { token: "t" } } })).status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.reload();
  const last = page.getByTestId("account-Chat 5");
  await last.scrollIntoViewIfNeeded();
  await last.getByRole("button", { name: "Edit" }).click();
  await last.getByLabel("Account name").fill("Chat 0");
  await last.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: 'already has an account named "Chat 0"' })).toBeInViewport();

  // A basic account: its password alone is replaced, the username kept.
  const basic = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name: "PSA basic", authKind: "basic", credentials: { username: "api-user", password: "old-pass" } } });
  expect(basic.status()).toBe(201);
  await page.reload();
  const row = page.getByTestId("account-PSA basic");
  await row.getByRole("button", { name: "Edit" }).click();
  await row.getByLabel("Password", { exact: true }).fill("new-pass");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(row).toContainText("credentials set");
});
