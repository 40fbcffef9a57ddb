// Renaming two workflows one after the other from the list's ⋯ menu: each time the dialog
// opens with that workflow's own name (it used to open empty, then with the name typed last,
// so Enter renamed the second workflow to the first one's new name). Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

const row = (page: Page, name: string) => page.getByTestId("workflow-row").filter({ has: page.getByRole("link", { name, exact: true }) });

test("renaming two workflows in a row: the dialog shows each one's own name", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Rename MSP ${tag}`, `rename-${tag}@example.test`, "rename-pw-1");
  await signIn(page, `rename-${tag}@example.test`, "rename-pw-1");
  const ws = await providerWorkspaceId(page);
  for (const name of ["Disk alerts", "Licence report"]) {
    expect((await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [] } })).status()).toBe(201);
  }
  await page.goto(`/w/${ws}/workflows`);
  const dialog = page.getByRole("dialog", { name: "Rename workflow" });

  await page.getByRole("button", { name: "Actions for Disk alerts" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await expect(dialog.getByLabel("Name")).toHaveValue("Disk alerts");
  await dialog.getByLabel("Name").fill("Disk space alerts");
  await dialog.getByLabel("Name").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row(page, "Disk space alerts")).toBeVisible();

  // The second one: its own name, and Enter alone (nothing typed) leaves it as it is.
  await page.getByRole("button", { name: "Actions for Licence report" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await expect(dialog.getByLabel("Name")).toHaveValue("Licence report");
  await dialog.getByLabel("Name").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row(page, "Licence report")).toBeVisible();
  await expect(row(page, "Disk space alerts")).toBeVisible();

  // Cancelled half-way, then opened again: the stored name, not the abandoned text.
  await page.getByRole("button", { name: "Actions for Licence report" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await dialog.getByLabel("Name").fill("Abandoned");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Actions for Disk space alerts" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await expect(dialog.getByLabel("Name")).toHaveValue("Disk space alerts");
  await dialog.getByLabel("Name").fill("Disk alerts (all sites)");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(dialog).toBeHidden();

  const names = ((await (await page.request.get(`/api/v1/workspaces/${ws}/workflows`)).json()) as { workflows: { name: string }[] }).workflows.map((w) => w.name);
  expect(names.sort()).toEqual(["Disk alerts (all sites)", "Licence report"]);
});
