// The workflows list as a technician uses it: search, rename, duplicate (the copy arrives
// without the write-only webhook secret, and the page says so) and delete behind a confirmation.
import { expect, test, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

const row = (page: Page, name: string) => page.getByTestId("workflow-row").filter({ has: page.getByRole("link", { name, exact: true }) });

test("search, rename, duplicate and delete workflows from the list", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const stamp = Date.now();
  const alerts = `EDR alerts ${stamp}`;
  const report = `Licence report ${stamp}`;

  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: alerts,
      steps: [
        { kind: "webhook", config: { sharedSecret: "s3cret-value", signatureHeader: "x-edr-signature" } },
        { kind: "transform", config: { fields: [{ name: "host", expression: "{{ 1.host }}" }] } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const original = (await created.json()) as { id: string; steps: { id: string }[] };
  expect((await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: report, steps: [] } })).status()).toBe(201);

  await page.goto(`/w/${ws}/workflows`);
  const list = page.getByRole("list", { name: "Workflows" });
  await expect(row(page, alerts)).toContainText("Draft");
  await expect(row(page, alerts)).toContainText("Never run");
  await expect(row(page, alerts)).toContainText("Webhook · 2 steps");

  // Search narrows by name (and clears back).
  const search = page.getByRole("searchbox", { name: "Search workflows" });
  await search.fill("licence");
  await expect(list.getByTestId("workflow-row")).toHaveCount(1);
  await expect(row(page, report)).toBeVisible();
  await search.fill("no such workflow");
  await expect(page.getByText("No workflow matches")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(row(page, alerts)).toBeVisible();

  // Rename through the actions menu.
  const renamed = `EDR triage ${stamp}`;
  await page.getByRole("button", { name: `Actions for ${alerts}` }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename workflow" });
  await dialog.getByLabel("Name").fill(renamed);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(page, alerts)).toHaveCount(0);
  const afterRename = (await (await page.request.get(`/api/v1/workflows/${original.id}`)).json()) as {
    name: string;
    steps: { id: string; config: { sharedSecret?: { set: boolean } } }[];
  };
  expect(afterRename.name).toBe(renamed);
  // Renaming keeps the steps, their ids and the stored secret.
  expect(afterRename.steps.map((s) => s.id)).toEqual(original.steps.map((s) => s.id));
  expect(afterRename.steps[0].config.sharedSecret).toEqual({ set: true });

  // Duplicate: a Draft copy with new step ids and no secret, and a note saying so.
  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("status")).toContainText(`Duplicated as “${renamed} (copy)”`);
  await expect(page.getByRole("status")).toContainText("shared secret is write-only and was not copied");
  const copyRow = row(page, `${renamed} (copy)`);
  await expect(copyRow).toContainText("Webhook · 2 steps");
  const copyId = (await copyRow.getAttribute("data-workflow-id"))!;
  const copy = (await (await page.request.get(`/api/v1/workflows/${copyId}`)).json()) as {
    mode: string;
    steps: { id: string; config: { sharedSecret?: { set: boolean }; signatureHeader?: string } }[];
  };
  expect(copy.mode).toBe("draft");
  expect(copy.steps).toHaveLength(2);
  expect(copy.steps.some((s) => original.steps.some((o) => o.id === s.id))).toBe(false);
  expect(copy.steps[0].config.sharedSecret).toEqual({ set: false });
  expect(copy.steps[0].config.signatureHeader).toBe("x-edr-signature");

  // A second copy is numbered, so the list never shows two rows of one name.
  await page.getByRole("button", { name: `Actions for ${renamed}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  await expect(page.getByRole("status")).toContainText(`Duplicated as “${renamed} (copy 2)”`);
  await expect(row(page, `${renamed} (copy 2)`)).toHaveCount(1);
  await expect(copyRow).toHaveCount(1);

  // Delete asks first; Cancel keeps it, Delete removes it.
  await page.getByRole("button", { name: `Actions for ${renamed} (copy)` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete workflow?" });
  await expect(confirm).toContainText(`${renamed} (copy)`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(copyRow).toBeVisible();
  await page.getByRole("button", { name: `Actions for ${renamed} (copy)` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete workflow" }).click();
  await expect(copyRow).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText("Deleted");
  expect((await page.request.get(`/api/v1/workflows/${copyId}`)).status()).toBe(404);

  // The list is the server's: a reload shows the same.
  await page.reload();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(page, report)).toBeVisible();
  await expect(row(page, `${renamed} (copy)`)).toHaveCount(0);
});
