// The frame of every page on smaller screens: at 1024 px the top bar fits (it used to make every
// page 1144 px wide, the user menu cut off), and on a phone the section links fold into one
// menu and the bar adds no page-wide scroll. On a phone or a portrait tablet the workflows list
// gives names the width (they used to be cut to one letter beside a fixed last-run column).
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
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

/** A provider of the spec's own with a long-named workflow that has run once, its list open. */
async function openListWithLongName(page: Page): Promise<string> {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Layout MSP ${tag}`, `layout-${tag}@example.test`, "layout-pw-1");
  await signIn(page, `layout-${tag}@example.test`, "layout-pw-1");
  const ws = await providerWorkspaceId(page);
  const name = `Disk cleanup on low free space for every managed server ${tag}`;
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [{ kind: "webhook", config: { testingData: { host: "srv-1" } } }] } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect((await page.request.post(`/api/v1/workflows/${id}/steps/1/test`)).ok()).toBe(true);
  await page.goto(`/w/${ws}/workflows`);
  return name;
}

for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }]) {
  test.describe(`workflows list at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("names are readable in full, and status, last run and actions fold under them", async ({ page }) => {
      const name = await openListWithLongName(page);
      const row = page.getByTestId("workflow-row").filter({ hasText: name });
      const link = row.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(row.getByLabel("Last run")).toContainText("test");
      const inner = await page.evaluate(() => window.innerWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(inner);
      // Nothing of the name is cut off, and it has most of the row, not a sliver.
      const name_ = await link.evaluate((a) => ({ cut: a.scrollWidth > a.clientWidth, width: a.getBoundingClientRect().width }));
      expect(name_.cut).toBe(false);
      expect(name_.width).toBeGreaterThan(inner * 0.5);
      for (const part of [row.getByText("Draft", { exact: true }), row.getByLabel("Last run"), row.getByRole("button", { name: `Actions for ${name}` })]) {
        const box = await part.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(inner);
      }
      await page.screenshot({ path: test.info().outputPath(`workflows-${viewport.width}.png`) });
    });
  });
}

test.describe("tables at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // They made the page's whole content scroll sideways, heading and filters with them, no hint.
  test("the Runs and Audit log tables scroll sideways in their own region, not the page", async ({ page }) => {
    const name = await openListWithLongName(page);
    const ws = new URL(page.url()).pathname.split("/")[2];
    // Going Live gives the Audit log a row.
    const { workflows } = (await (await page.request.get(`/api/v1/workspaces/${ws}/workflows`)).json()) as { workflows: { id: string }[] };
    expect((await page.request.post(`/api/v1/workflows/${workflows[0].id}/live`)).ok()).toBe(true);
    for (const [path, table, region] of [
      [`/w/${ws}/runs`, "Runs", "Runs table"],
      [`/w/${ws}/audit`, "Audit log", "Audit log table"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("table", { name: table })).toBeVisible();
      if (table === "Runs") await expect(page.getByRole("table", { name: table })).toContainText(name);
      const inner = await page.evaluate(() => window.innerWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(inner);
      // Nor does the page's content (it used to: heading, filters and all moved with the table).
      const main = await page.locator("main").evaluate((m) => ({ scroll: m.scrollWidth, client: m.clientWidth }));
      expect(main.scroll).toBeLessThanOrEqual(main.client);
      await page.screenshot({ path: test.info().outputPath(`${table}-390.png`) });
      // The table is wider than the phone; its region scrolls, from the keyboard too.
      const scroller = page.getByRole("region", { name: region });
      const size = await scroller.evaluate((d) => ({ scroll: d.scrollWidth, client: d.clientWidth }));
      expect(size.scroll).toBeGreaterThan(size.client);
      await scroller.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => scroller.evaluate((d) => d.scrollLeft)).toBeGreaterThan(0);
    }
  });
});
