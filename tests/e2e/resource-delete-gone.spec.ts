// Delete on a row whose file or app account was deleted elsewhere (another tab, a colleague, a
// script) since the page loaded: the page says it no longer exists and drops the row, as the
// Variables page does (variables-stale-page.spec.ts), instead of "file not found" beside a row
// that stays. Its own provider.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("Delete on a file or app account deleted elsewhere says so and drops the row", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "delete-gone");
  const file = `/api/v1/workspaces/${ws}/files/old-list.csv`;
  expect((await page.request.put(file, { headers: { "content-type": "text/csv" }, data: "a,b\n" })).status()).toBe(201);
  const made = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name: "Gone PSA", authKind: "bearer", credentials: { token: "t" } } });
  expect(made.status()).toBe(201);
  const account = ((await made.json()) as { connection: { id: string } }).connection.id;
  const dialog = page.getByRole("alertdialog");
  const alert = page.getByRole("alert").filter({ hasText: "no longer exists" });

  await page.goto(`/w/${ws}/files`);
  const fileRow = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Delete old-list.csv" }) });
  await expect(fileRow).toBeVisible();
  expect((await page.request.delete(file)).status()).toBe(204);
  await page.getByRole("button", { name: "Delete old-list.csv" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(alert).toHaveText("old-list.csv no longer exists (deleted elsewhere).");
  await expect(page.getByRole("button", { name: "Delete old-list.csv" })).toHaveCount(0);

  await page.goto(`/w/${ws}/connections`);
  await expect(page.getByRole("button", { name: "Delete Gone PSA" })).toBeVisible();
  expect((await page.request.delete(`/api/v1/connections/${account}`)).status()).toBe(204);
  await page.getByRole("button", { name: "Delete Gone PSA" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(alert).toHaveText("Gone PSA no longer exists (deleted elsewhere).");
  await expect(page.getByRole("button", { name: "Delete Gone PSA" })).toHaveCount(0);
});
