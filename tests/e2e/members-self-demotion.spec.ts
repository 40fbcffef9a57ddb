// Lowering one's own role on the Members page asks first, like leaving does: once done, only
// another owner can give it back. Cancelled, the picker shows the role as stored. Its own
// provider (with a second owner, so the last-owner rule is not what stops it).
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("an owner lowering their own role confirms first; Cancel keeps it", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Fourth Coffee MSP ${tag}`;
  const email = `second-owner-${tag}@fourthcoffee.example`;
  await createProviderOwner(provider, `owner-${tag}@fourthcoffee.example`, "fourth-pw-1");
  await createMember(provider, email, "fourth-pw-2", "owner");
  await signIn(page, email, "fourth-pw-2");
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: `Members of ${provider}` }).click();

  const picker = page.getByLabel(`Role of ${email}`);
  let patches = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes("/members/")) patches++;
  });
  await picker.selectOption("viewer");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Make yourself viewer in ${provider}?`);
  await expect(dialog).toContainText("only another owner can give it back");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(picker).toHaveValue("owner");
  expect(patches).toBe(0);

  await picker.selectOption("editor");
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/members/"));
  await page.getByRole("alertdialog").getByRole("button", { name: "Change my role" }).click();
  expect((await saved).status()).toBe(200);
  // No longer an owner: no role pickers, the row shows the new role.
  await expect(page.getByLabel(`Role of ${email}`)).toHaveCount(0);
  await expect(page.getByTestId("member-row").filter({ hasText: email })).toContainText("Editor");
});
