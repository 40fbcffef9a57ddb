// Rename and Duplicate from the workflows list on workflows whose workspace changed under them:
// a Live workflow reading a variable that became a secret is renamed (the list sent its steps
// back, so the save's Live checks refused the name), and a workflow whose account was
// force-deleted is duplicated as a Draft asking for an account (the copy kept the dead id,
// which the save refuses). Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

const row = (page: Page, name: string) => page.getByTestId("workflow-row").filter({ has: page.getByRole("link", { name, exact: true }) });

test("rename a Live workflow whose variable became a secret; duplicate one whose account was deleted", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Keys MSP ${tag}`, `keys-${tag}@example.test`, "keys-pw-1");
  await signIn(page, `keys-${tag}@example.test`, "keys-pw-1");
  const ws = await providerWorkspaceId(page);
  const post = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.status(), await r.text()).toBeLessThan(300);
    return r.json();
  };

  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/KINDX`, { data: { value: "plain" } })).status()).toBe(201);
  const reader = await post(`/api/v1/workspaces/${ws}/workflows`, {
    name: "Reads KINDX",
    steps: [{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "k", expression: "{{ vars.KINDX }}" }] } }],
  });
  await post(`/api/v1/workflows/${reader.id}/live`, {});
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/KINDX?force=true`, { data: { value: "x", secret: true } })).status()).toBe(200);

  const account = await post(`/api/v1/workspaces/${ws}/connections`, { app: "openai", name: "Doomed AI", credentials: { apiKey: "sk-doomed" } });
  await post(`/api/v1/workspaces/${ws}/workflows`, {
    name: "Ask AI",
    steps: [{ kind: "webhook", config: {} }, { kind: "ai_prompt", name: "Ask", config: { prompt: "hi", connectionId: account.connection.id } }],
  });
  expect((await page.request.delete(`/api/v1/connections/${account.connection.id}?force=true`)).status()).toBe(204);

  await page.goto(`/w/${ws}/workflows`);
  const dialog = page.getByRole("dialog", { name: "Rename workflow" });
  await page.getByRole("button", { name: "Actions for Reads KINDX" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await dialog.getByLabel("Name").fill("Reads KINDX (renamed)");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Reads KINDX (renamed)")).toContainText("Live");

  await page.getByRole("button", { name: "Actions for Ask AI" }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("status")).toContainText("Duplicated as “Ask AI (copy)” (Draft). A step's account was deleted: choose one on the copy.");
  await expect(row(page, "Ask AI (copy)")).toContainText("Draft");
  const list = (await (await page.request.get(`/api/v1/workspaces/${ws}/workflows`)).json()) as { workflows: { id: string; name: string }[] };
  const copy = list.workflows.find((w) => w.name === "Ask AI (copy)")!;
  const steps = ((await (await page.request.get(`/api/v1/workflows/${copy.id}`)).json()) as { steps: { config: { connectionId?: string | null } }[] }).steps;
  expect(steps[1].config.connectionId).toBeNull();
});
