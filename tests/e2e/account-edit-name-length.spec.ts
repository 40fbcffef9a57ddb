// An app account's name is at most 120 characters (the API's limit): the edit form, like the add
// form, stops typing there, rather than letting a longer name be typed and refused on Save.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("the account edit form's name takes at most 120 characters, as the add form's", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "acctlen");
  const made = await page.request.post(`/api/v1/workspaces/${ws}/connections`, {
    data: { app: "psa", name: "Halo", authKind: "bearer", baseUrl: "https://psa.example.com", credentials: { token: "psa-token-1" } },
  });
  expect(made.status()).toBe(201);
  await page.goto(`/w/${ws}/connections`);
  const typed = "x".repeat(130);
  const add = page.getByRole("form", { name: "Add an account" }).getByLabel("Account name");
  await add.pressSequentially(typed);
  await expect(add).toHaveValue("x".repeat(120));

  await page.getByRole("button", { name: "Edit Halo", exact: true }).click();
  const edit = page.getByTestId("account-Halo").getByLabel("Account name");
  await edit.fill("");
  await edit.pressSequentially(typed);
  await expect(edit).toHaveValue("x".repeat(120));
});
