// What installing a blueprint did is shown before the editor opens: a setup value the workspace
// already had with another value (not used, with the way to the Variables page), a key the
// workspace holds as a secret (Go live refuses it), and apps left without an account. With
// several accounts for an app the form asks which one instead of installing with none.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test("installing new-hire provisioning shows the values not used, the secret read as a variable and the apps without an account", async ({ page }) => {
  await signIn(page);
  const provider = await providerWorkspaceId(page);
  const clientName = `Fabrikam ${Date.now().toString(36)}`;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } })).json()) as { id: string }).id;
  // The client already has its domain (another value) and its name as a secret; two directory accounts.
  expect((await page.request.put(`/api/v1/workspaces/${clientId}/variables/CLIENT_DOMAIN`, { data: { value: "fabrikam.example" } })).status()).toBe(201);
  expect((await page.request.put(`/api/v1/workspaces/${clientId}/variables/CLIENT_NAME`, { data: { value: "Fabrikam", secret: true } })).status()).toBe(201);
  const accounts: string[] = [];
  for (const name of ["Directory EU", "Directory US"]) {
    const res = await page.request.post(`/api/v1/workspaces/${clientId}/connections`, { data: { app: "directory", name } });
    expect(res.status()).toBe(201);
    accounts.push(((await res.json()) as { connection: { id: string } }).connection.id);
  }

  await page.goto(`/w/${clientId}/blueprints/new-hire-provisioning`);
  await page.getByLabel("Install into workspace").selectOption({ label: `${clientName} (client)` });
  await expect(page.getByLabel("Directory / identity")).toContainText("Choose an account…");
  await page.getByRole("button", { name: "Fill in the example (Contoso Dental)" }).click();
  await page.getByLabel("E-mail domain").fill("fabrikam.com");

  // Left on "Choose an account…", the directory account is asked for, not silently left out.
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  const directory = page.getByLabel("Directory / identity");
  const asked = "Directory / identity needs a choice: this workspace has several accounts; choose the one its steps use, or “No account for now”";
  await expect(page.locator("form").getByRole("alert").getByRole("listitem")).toHaveText([asked]);
  await expect(directory).toHaveAttribute("aria-invalid", "true");
  await expect(directory).toHaveAccessibleDescription(asked);
  await expect(directory).toBeFocused();
  expect(((await (await page.request.get(`/api/v1/workspaces/${clientId}/workflows`)).json()) as { workflows: unknown[] }).workflows).toHaveLength(0);
  await page.getByLabel("Directory / identity").selectOption({ label: "Directory EU" });
  await page.getByRole("button", { name: "Create Draft workflow" }).click();

  await expect(page.getByRole("heading", { name: `Draft workflow “New-hire provisioning” created in ${clientName}: check these before going Live` })).toBeVisible();
  const vars = page.getByRole("list", { name: "Variables that need attention" }).getByRole("listitem");
  await expect(vars).toHaveCount(2);
  await expect(vars.nth(0)).toContainText(`E-mail domain: “fabrikam.com” was not used. ${clientName} already has the variable CLIENT_DOMAIN with another value`);
  await expect(vars.nth(1)).toContainText(`CLIENT_NAME is a secret in ${clientName}, but the workflow reads it as a variable ({{ vars.CLIENT_NAME }}): Go live is refused`);
  // The fix it names is the Variables page's kind switch, not deleting the secret and creating a variable.
  await expect(vars.nth(1)).toContainText("switch its kind on the Variables page (“Make variable”");
  await expect(page.getByRole("link", { name: "Open Variables" })).toHaveAttribute("href", `/w/${clientId}/variables`);
  const apps = page.getByRole("list", { name: "Apps without an account" }).getByRole("listitem");
  // Not the PSA: with the contact in documentation, no step calls it.
  await expect(apps).toHaveText([/^Password manager: /, /^IT documentation: /, /^Team chat: /]);
  await expect(apps.first()).toContainText(`${clientName} has no account for this app yet. Its step cannot run until it has one: choose it in the editor`);
  await expect(page.getByRole("link", { name: "Open Connections" })).toHaveAttribute("href", `/w/${clientId}/connections`);
  await page.screenshot({ path: "docs/screenshots/blueprint-install-result.png", fullPage: true });

  await page.getByRole("link", { name: "Open the workflow" }).click();
  await page.waitForURL(new RegExp(`/w/${clientId}/workflows/[^/]+$`));
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { kind: string; config: { connectionId?: string | null } }[] };
  expect(wf.steps[2].config.connectionId).toBe(accounts[0]);
  // The client's own values stay as they were; the missing one was created from the form.
  const list = (await (await page.request.get(`/api/v1/workspaces/${clientId}/variables`)).json()) as { variables: { key: string; secret: boolean; value?: string }[] };
  expect(list.variables.map((v) => [v.key, v.secret, v.value])).toEqual([
    ["CLIENT_DOMAIN", false, "fabrikam.example"],
    ["CLIENT_NAME", true, undefined],
    ["DOC_ORGANIZATION_ID", false, "ORG-311"],
  ]);
});
