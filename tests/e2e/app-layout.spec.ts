// The frame of every page on smaller screens: at 1024 px the top bar fits (it used to make every
// page 1144 px wide, the user menu cut off), and on a phone the section links fold into one
// menu and the bar adds no page-wide scroll.
import { expect, test, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

/** Signs in and opens the workflows list, which must not be wider than the window; its workspace. */
async function openWorkflowsList(page: Page): Promise<string> {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  await page.goto(`/w/${ws}/workflows`);
  await expect(page.getByRole("heading", { name: "Workflows", exact: true })).toBeVisible();
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(inner);
  return ws;
}

async function expectFullyInView(page: Page, name: string | RegExp) {
  const box = await page.getByRole("button", { name }).boundingBox();
  const inner = await page.evaluate(() => window.innerWidth);
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(inner);
}

test.describe("at 1024×700", () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test("the workflows list fits the window and the user menu is fully in view", async ({ page }) => {
    await openWorkflowsList(page);
    await expectFullyInView(page, /^Account: /);
    // Every section link is still in the bar at this width.
    const nav = page.getByRole("navigation", { name: "Sections" });
    for (const label of ["Workflows", "Variables", "Connections", "Files", "Audit", "Blueprints"]) await expect(nav.getByRole("link", { name: label })).toBeVisible();
    // The address is in the menu when the bar has no room for it.
    await page.getByRole("button", { name: /^Account: / }).click();
    await expect(page.getByRole("menu").getByText("owner@example.com")).toBeVisible();
  });
});

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the bar adds no page-wide scroll and the sections are one menu away", async ({ page }) => {
    const ws = await openWorkflowsList(page);
    const bar = await page.locator("header").first().evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
    expect(bar.scroll).toBeLessThanOrEqual(bar.client);
    await expectFullyInView(page, /^Account: /);
    await expectFullyInView(page, "Sections");
    await page.getByRole("button", { name: "Sections" }).click();
    await page.getByRole("menuitem", { name: "Audit" }).click();
    await expect(page).toHaveURL(new RegExp(`/w/${ws}/audit$`));
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  });
});
