// Installing a blueprint into a workspace that already has a workflow of that name makes a
// second one (found by QA: it did so without a word, while a push says it beforehand). The
// install's result says so, even when nothing else needs attention, before the editor opens.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test("installing low-disk remediation a second time says a workflow of that name already exists", async ({ page }) => {
  await signIn(page);
  const provider = await providerWorkspaceId(page);
  const clientName = `Namesake ${Date.now().toString(36)}`;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } })).json()) as { id: string }).id;
  // One account per app, so the steps have theirs and only the name is left to say.
  for (const app of ["rmm", "psa"]) expect((await page.request.post(`/api/v1/workspaces/${clientId}/connections`, { data: { app, name: `${app} account` } })).status()).toBe(201);
  const setup = { cleanupScriptId: "scr-cleanup-01", thresholdPercent: 15, waitSeconds: 120 };
  const first = await page.request.post(`/api/v1/workspaces/${clientId}/blueprints/low-disk-remediation`, { data: { setup } });
  expect(first.status()).toBe(201);
  expect(((await first.json()) as { blueprint: { namesakes: number } }).blueprint.namesakes).toBe(0);

  await page.goto(`/w/${clientId}/blueprints/low-disk-remediation`);
  await page.getByLabel("Install into workspace").selectOption({ label: `${clientName} (client)` });
  await page.getByRole("button", { name: /^Fill in the example/ }).click();
  await page.getByRole("button", { name: "Create Draft workflow" }).click();

  await expect(page.getByRole("heading", { name: `Draft workflow “Low-disk-space remediation” created in ${clientName}: check these before going Live` })).toBeFocused();
  await expect(page.getByRole("heading", { name: "Same name" })).toBeVisible();
  await expect(page.getByText(`A workflow named “Low-disk-space remediation” already exists in ${clientName}; this is a second one.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Apps without an account" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Variables that need attention" })).toHaveCount(0);
  const list = (await (await page.request.get(`/api/v1/workspaces/${clientId}/workflows`)).json()) as { workflows: { name: string }[] };
  expect(list.workflows.map((w) => w.name)).toEqual(["Low-disk-space remediation", "Low-disk-space remediation"]);
});
