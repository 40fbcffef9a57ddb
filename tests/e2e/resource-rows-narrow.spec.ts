// The Variables, Files and Accounts rows on a phone (390 px) and with long keys, names and values
// on a desktop: nothing is cut to a character or drawn over its neighbour, and a long value can be
// read in full. Its own provider, so no other spec sees these resources.
import { expect, test, type Locator } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

const LONG_KEY = "A_VERY_LONG_VARIABLE_KEY_NAME_FOR_THE_DIRECTORY_TENANT_IDENTIFIER_X";
const LONG_VALUE = `https://login.example.com/${"tenant-segment/".repeat(12)}end-of-the-value`;
const RUNBOOK = Array.from({ length: 12 }, (_, i) => `${i + 1}. check the tenant's step ${i + 1}`).join("\n");
const LONG_FILE = "a-very-long-file-name-for-the-quarterly-patch-compliance-report-of-the-client.csv";
const shot = (name: string) => test.info().outputPath(`${name}.png`);

/** The element shows all of its text: not clipped sideways, no ellipsis. */
async function expectWhole(el: Locator) {
  await expect(el).toBeVisible();
  const { scroll, client, overflow } = await el.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth, overflow: getComputedStyle(e).textOverflow }));
  expect(scroll, `${await el.textContent()} is cut`).toBeLessThanOrEqual(client + 1);
  expect(overflow).not.toBe("ellipsis");
}

/** Two elements of a row do not overlap. */
async function expectApart(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("not laid out");
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, `${await a.textContent()} overlaps ${await b.textContent()}`).toBe(false);
}

/** Nothing in the row reaches past its right edge. */
async function expectInside(row: Locator) {
  const over = await row.evaluate((li) => {
    const right = li.getBoundingClientRect().right;
    return Array.from(li.querySelectorAll("*")).filter((e) => e.getBoundingClientRect().right > right + 1).map((e) => e.textContent);
  });
  expect(over).toEqual([]);
}

test("variable rows stack on a phone, long keys wrap, long values can be read", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "rows-vars");
  // A row's Set button repeats its key for screen readers only (sr-only): the shown key is measured.
  const shown = page.locator(":not(.sr-only)");
  for (const [key, value, secret] of [["GREETING", "hi there", false], ["EDR_TOKEN", "edr-secret", true], [LONG_KEY, "contoso", false], ["TOKEN_URL", LONG_VALUE, false], ["RUNBOOK", RUNBOOK, false]] as const) {
    expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/${key}`, { data: { value, secret } })).status()).toBe(201);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/w/${ws}/variables`);
    await page.screenshot({ path: shot(`variables-${width}`), fullPage: true });
    const greeting = page.getByTestId("variable-GREETING");
    await expectWhole(greeting.getByText("hi there", { exact: true }));
    await expectWhole(page.getByTestId("variable-EDR_TOKEN").getByText("•••••• (set)"));
    const long = page.getByTestId(`variable-${LONG_KEY}`);
    await expectApart(long.getByText(LONG_KEY).and(shown), long.getByText("Variable", { exact: true }));
    await expectApart(long.getByText(LONG_KEY).and(shown), long.getByText("contoso", { exact: true }));
    await expectWhole(page.getByTestId("variable-TOKEN_URL").getByText(LONG_VALUE));
    for (const row of await page.getByRole("list", { name: "Variables and secrets" }).getByRole("listitem").all()) await expectInside(row);
    // A value taller than its box scrolls, by keyboard too: it takes focus and arrow keys move it.
    const runbook = page.getByRole("region", { name: "Value of RUNBOOK" });
    await runbook.focus();
    await expect(runbook).toBeFocused();
    await page.keyboard.press("End");
    await expect.poll(() => runbook.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Value of GREETING" })).toHaveCount(0);
    if (width === 390) {
      // Stacked: the value under the key, not squeezed beside it.
      const [key, value] = [await greeting.getByText("GREETING", { exact: true }).and(shown).boundingBox(), await greeting.getByText("hi there", { exact: true }).boundingBox()];
      expect(value!.y).toBeGreaterThanOrEqual(key!.y + key!.height - 1);
    }
  }
});

test("file and account rows fit a phone", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "rows-files");
  expect((await page.request.put(`/api/v1/workspaces/${ws}/files/${LONG_FILE}`, { data: "a,b\n1,2\n", headers: { "content-type": "text/csv" } })).status()).toBe(201);
  const account = await page.request.post(`/api/v1/workspaces/${ws}/connections`, {
    data: { app: "http", name: "Production tenant of the client", authKind: "bearer", baseUrl: "https://api.long-vendor-name.example.com/v2/tenants/contoso", credentials: { token: "t0k3n" } },
  });
  expect(account.status(), await account.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/w/${ws}/files`);
  await page.screenshot({ path: shot("files-390"), fullPage: true });
  const file = page.getByTestId(`file-${LONG_FILE}`);
  await expectInside(file);
  await expectApart(file.getByText(LONG_FILE, { exact: true }), file.getByText("text/csv"));
  await expectWhole(file.getByText("text/csv"));
  await page.goto(`/w/${ws}/connections`);
  const row = page.getByTestId("account-Production tenant of the client");
  await row.screenshot({ path: shot("accounts-390") });
  await expectInside(row);
  await expectWhole(row.getByText("https://api.long-vendor-name.example.com/v2/tenants/contoso", { exact: true }));
});
