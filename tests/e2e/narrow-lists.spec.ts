// The Clients, Members and Audit log lists and the workspace switcher on a phone (390×844): each
// row shows who or what it is. The names used to be squeezed to a letter ("C", "T") by the buttons
// beside them, the audit details broke every few letters, and the switcher ran off the screen.
// Its own provider, so no other spec sees these clients and members. Soft checks: one run lists
// every list that fails.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

const CLIENT = "Fabrikam Holdings International Limited Partnership";
const PERSON = "Theodora Wellington-Smythe";
const shot = (name: string) => test.info().outputPath(`${name}.png`);

/** Readable: a real width, and its text not cut short (no ellipsis, nothing clipped sideways). */
async function expectReadable(el: Locator, minWidth = 120) {
  await expect(el).toBeVisible();
  const box = await el.boundingBox();
  expect.soft(box!.width, `${await el.textContent()} is ${box!.width}px wide`).toBeGreaterThanOrEqual(minWidth);
  const cut = await el.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
  expect.soft(cut, `${await el.textContent()} is cut`).toBe(false);
}

/** Nothing in it reaches past the window's right edge. */
async function expectOnScreen(page: Page, el: Locator) {
  const over = await el.evaluate((root) => {
    const right = document.documentElement.clientWidth;
    return [root, ...Array.from(root.querySelectorAll("*"))].filter((e) => e.getBoundingClientRect().right > right + 1).map((e) => e.textContent);
  });
  expect.soft(over, "past the window's right edge").toEqual([]);
}

test("clients, members, audit details and the switcher are readable on a phone", async ({ page }) => {
  const { ws, tag } = await signInToOwnProvider(page, "narrow");
  const made = await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: CLIENT } });
  expect(made.status(), await made.text()).toBe(201);
  const client = ((await made.json()) as { id: string }).id;
  const email = `theodora.wellington-${tag}@example.test`;
  expect((await page.request.post(`/api/v1/workspaces/${ws}/members`, { data: { email, role: "editor", name: PERSON } })).status()).toBe(201);
  const clientEmail = `client.contact-${tag}@example.test`;
  expect((await page.request.post(`/api/v1/workspaces/${client}/members`, { data: { email: clientEmail, role: "viewer", name: "Client Contact Person" } })).status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/w/${ws}/clients`);
  await page.screenshot({ path: shot("clients-390"), fullPage: true });
  const clientRow = page.getByTestId("client-row").filter({ hasText: CLIENT });
  // Its Open and Members links repeat the name for screen readers only (sr-only): the shown one is read.
  await expectReadable(clientRow.getByText(CLIENT, { exact: true }).and(page.locator(":not(.sr-only)")));
  await expectOnScreen(page, clientRow);

  await page.goto(`/w/${ws}/members`);
  await page.screenshot({ path: shot("members-390"), fullPage: true });
  const row = page.getByTestId("member-row").filter({ hasText: email });
  await expectReadable(row.getByText(PERSON, { exact: true }));
  await expectReadable(row.getByText(email, { exact: true }));
  await expectOnScreen(page, row);

  // A client's Members: its own, and the provider's people who work there through the provider.
  await page.goto(`/w/${client}/members`);
  await page.screenshot({ path: shot("client-members-390"), fullPage: true });
  await expectReadable(page.getByTestId("member-row").filter({ hasText: clientEmail }).getByText(clientEmail, { exact: true }));
  const staff = page.getByTestId("provider-member-row").filter({ hasText: email });
  await expectReadable(staff.getByText(PERSON, { exact: true }));
  await expectReadable(staff.getByText(email, { exact: true }));
  await expectOnScreen(page, staff);
  await expectOnScreen(page, page.locator("header").first());

  // The audit log: the Details column keeps a readable width and breaks between words.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/w/${ws}/audit`);
    await page.screenshot({ path: shot(`audit-${width}`), fullPage: true });
    const details = page.getByRole("table", { name: "Audit log" }).locator("tbody td:last-child").first();
    await expect(details).toBeVisible();
    expect.soft((await details.boundingBox())!.width, `Details at ${width}`).toBeGreaterThanOrEqual(200);
    expect.soft(await details.evaluate((e) => getComputedStyle(e).wordBreak)).not.toBe("break-all");
  }

  // The switcher menu fits the window, every badge and check mark on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/w/${client}/workflows`);
  await page.getByRole("button", { name: "Switch workspace" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await page.screenshot({ path: shot("switcher-390") });
  expect.soft((await menu.boundingBox())!.width, "switcher menu width").toBeLessThanOrEqual(390 - 16);
  await expectOnScreen(page, menu);
  const item = menu.getByRole("menuitem").filter({ hasText: CLIENT }).first();
  await expect(item.getByText("Client", { exact: true })).toBeVisible();
  await expectReadable(item.getByText(CLIENT, { exact: true }));
});
