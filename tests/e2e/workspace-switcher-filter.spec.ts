// A provider with 30+ clients: the workspace switcher heads its menu with a filter box that has
// the focus as it opens — typing narrows, arrows move through the matches (ArrowUp from the first
// back to the box), Enter opens, Escape closes. A provider of its own, so its clients are its own.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("workspace switcher: typing filters, arrows move through the matches, Enter opens, Escape closes", async ({ page }) => {
  const { ws, name } = await signInToOwnProvider(page, "switch-filter");
  const clients: Record<string, string> = {};
  for (const client of [...Array.from({ length: 8 }, (_, i) => `Fabrikam ${i + 1}`), "Northwind Traders"]) {
    const r = await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: client } });
    expect(r.status()).toBe(201);
    clients[client] = ((await r.json()) as { id: string }).id;
  }
  await page.goto(`/w/${ws}/workflows`);
  const trigger = page.getByRole("button", { name: "Switch workspace" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  const filter = menu.getByRole("searchbox", { name: "Filter workspaces" });
  await expect(filter).toBeFocused();
  const items = menu.locator("[data-workspace-item]");
  await expect(items).toHaveCount(10);

  await page.keyboard.type("fabrikam");
  await expect(items).toHaveCount(8);
  await expect(menu.getByRole("status")).toHaveText("8 of 10 workspaces");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: /Fabrikam 1\b/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: /Fabrikam 2\b/ })).toBeFocused();
  // Back up past the first match to the box; typing there again narrows.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(filter).toBeFocused();
  await page.keyboard.type(" 7");
  await expect(items).toHaveCount(1);
  await expect(menu.getByRole("status")).toHaveText("1 of 10 workspaces");

  await page.keyboard.press("Control+A");
  await page.keyboard.type("contoso");
  await expect(menu.getByRole("status")).toHaveText("No workspaces match “contoso”");
  await expect(items).toHaveCount(0);

  // Escape closes; reopened, the filter starts empty.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(filter).toHaveValue("");
  await expect(items).toHaveCount(10);

  // Enter in the box opens the first match.
  await page.keyboard.type("northwind");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/w/${clients["Northwind Traders"]}/workflows$`));
  await expect(page.getByTestId("current-workspace")).toHaveText("Northwind Traders");
  expect(name).toContain("switch-filter");
});
