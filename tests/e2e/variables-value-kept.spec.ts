// A variable's new value that the API refuses (over 65,536 characters) stays in its row's box to
// be corrected, not retyped; a saved one clears it. Its own provider, so no other spec sees it.
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

// One character over the API's limit on a value (lib/variables/variable-schema.ts).
const TOO_LONG = "x".repeat(65_537);

async function ownProvider(page: Page, what: string): Promise<string> {
  const tag = randomBytes(3).toString("hex");
  const email = `${what}-${tag}@example.test`;
  await createProviderOwner(`${what} MSP ${tag}`, email, `${what}-pw-1`);
  await signIn(page, email, `${what}-pw-1`);
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  return workspaces[0].id;
}

// Compared by length: a failure then prints a number, not 65,537 characters.
const valueLength = (box: Locator) => expect.poll(async () => (await box.inputValue()).length);
const refusal = (page: Page) => page.getByRole("alert").filter({ hasText: /65536|65,536|too (big|long)/i });

test("a variable's refused new value stays in its box; a saved one clears it", async ({ page }) => {
  const ws = await ownProvider(page, "var-kept");
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
