// QA (keyboard): removing the last row of a blueprint setup table — a name → value table such as
// warranty's replacement costs, or a repeated group such as new-hire's departments — dropped focus
// to <body>, as the removed Remove took it along. It now goes to the row above's Remove, and with
// no row left to the table's Add, as the editor's step lists do (use-focus-after-last-removed.ts).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

/** Presses Enter on `button` until it is gone: before the page hydrates a press does nothing. */
async function pressToRemove(page: Page, button: Locator) {
  await expect(async () => {
    if ((await button.count()) > 0) {
      await button.focus();
      await page.keyboard.press("Enter");
    }
    await expect(button).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

test("removing a replacement-cost table's last row moves focus to the row above's Remove, and with none left to Add row", async ({ page }) => {
  await signIn(page);
  await page.goto(`/w/${await providerWorkspaceId(page)}/blueprints/warranty-lifecycle-report`);
  const table = page.getByRole("group", { name: "Replacement cost per device class" });
  // laptop, desktop, server, tablet: the setup's default rows.
  await pressToRemove(page, table.getByRole("button", { name: "Remove tablet" }));
  await expect(table.getByRole("button", { name: "Remove server" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(table.getByRole("button", { name: "Remove server" })).toHaveCount(0);
  await expect(table.getByRole("button", { name: "Remove desktop" })).toBeFocused();
  // A row above the last: its Remove stays where it was, now the next row's (rows are kept by position).
  await table.getByRole("button", { name: "Remove laptop" }).focus();
  await page.keyboard.press("Enter");
  await expect(table.getByRole("button", { name: "Remove laptop" })).toHaveCount(0);
  await expect(table.getByRole("button", { name: "Remove desktop" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(table.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(table.getByRole("button", { name: "Add row" })).toBeFocused();
});

test("removing a repeated group's last entry (new-hire's departments) moves focus to the entry above's Remove, then to Add", async ({ page }) => {
  await signIn(page);
  await page.goto(`/w/${await providerWorkspaceId(page)}/blueprints/new-hire-provisioning`);
  const departments = page.getByRole("group", { name: "Per department", exact: true });
  const add = departments.getByRole("button", { name: "Add per department" });
  const first = departments.getByRole("button", { name: "Remove Per department 1" });
  // Before the page hydrates a click does nothing: clicked until the first entry is there.
  await expect(async () => {
    if ((await first.count()) === 0) await add.click();
    await expect(first).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await add.click();
  await departments.getByRole("button", { name: "Remove Per department 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(departments.getByRole("button", { name: "Remove Per department 2" })).toHaveCount(0);
  await expect(first).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(first).toHaveCount(0);
  await expect(add).toBeFocused();
});
