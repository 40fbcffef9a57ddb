// Two API tokens of one user with the same name could not be told apart: both rows had a
// "Revoke NAME" button, the same words to a screen reader, and the wrong one could be revoked.
// A second token of that name is refused, saying why, and the form keeps what was typed.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("a second API token with a name already in use is refused with a message in the form", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "tokname");
  await page.goto(`/w/${ws}/account`);
  const nameField = page.getByLabel("Token name");
  await nameField.fill("rmm sync");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Token “rmm sync” created" })).toBeVisible();

  await nameField.fill("RMM sync");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You already have a token named “rmm sync”" })).toBeVisible();
  await expect(nameField).toHaveValue("RMM sync");
  const rows = page.getByRole("list", { name: "API tokens" }).getByTestId("token-row");
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Revoke rmm sync$/i })).toHaveCount(1);
});
