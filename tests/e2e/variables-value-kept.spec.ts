// A variable's new value that the API refuses (over 65,536 characters) stays in its row's box to
// be corrected, not retyped; a saved one clears it. Its own provider, so no other spec sees it.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

// One character over the API's limit on a value (lib/variables/variable-schema.ts).
const TOO_LONG = "x".repeat(65_537);


// Compared by length: a failure then prints a number, not 65,537 characters.
const valueLength = (box: Locator) => expect.poll(async () => (await box.inputValue()).length);
const refusal = (page: Page) => page.getByRole("alert").filter({ hasText: /65536|65,536|too (big|long)/i });

test("a variable's refused new value stays in its box; a saved one clears it", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "var-kept")).ws;
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/SCRIPT_BODY`, { data: { value: "old" } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-SCRIPT_BODY");
  const box = row.getByLabel("New value for SCRIPT_BODY");
  await box.fill(TOO_LONG);
  await row.getByRole("button", { name: "Set" }).click();
  await expect(refusal(page)).toBeVisible();
  await valueLength(box).toBe(TOO_LONG.length);
  await expect(row).toContainText("old");

  await box.fill("new value");
  await row.getByRole("button", { name: "Set" }).click();
  await expect(row).toContainText("new value");
  await expect(box).toHaveValue("");
});
