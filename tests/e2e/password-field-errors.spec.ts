// Choosing a password, in the Change password dialog and on the forced /change-password page (one
// form): a message under a field goes as soon as that field is edited — it was about what was
// sent, not what the field now holds — and a new password of only spaces is refused in words.
import { randomBytes } from "node:crypto";
import { expect, test, type Locator } from "@playwright/test";
import { createClientAdmin, createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

const NEW = "New password (at least 8 characters)";

async function expectNoFieldError(form: Locator, label: string) {
  await expect(form.getByLabel(label)).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel(label)).toHaveAccessibleDescription("");
}

test("change password dialog: an error under a field clears when it is edited; blanks are refused", async ({ page }) => {
  const email = `stale-${randomBytes(4).toString("hex")}@example.test`;
  await createClientAdmin("Contoso Dental", email, "old-password-1");
  await signIn(page, email, "old-password-1");
  await page.getByRole("button", { name: `Account: ${email}` }).click();
  await page.getByRole("menuitem", { name: "Change password…" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });

  // QA's steps: wrong current password, then the right one and a new one the browser blocks.
  await dialog.getByLabel("Current password").fill("not-the-password");
  await dialog.getByLabel(NEW).fill("new-password-2");
  await dialog.getByLabel("New password again").fill("new-password-2");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The current password is wrong.");
  await dialog.getByLabel("Current password").fill("old-password-1");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expectNoFieldError(dialog, "Current password");
  await dialog.getByLabel(NEW).fill("short");
  await dialog.getByLabel("New password again").fill("short");
  await dialog.getByRole("button", { name: "Change password" }).click();
  expect(await dialog.getByLabel(NEW).evaluate((i: HTMLInputElement) => i.validity.tooShort)).toBe(true);
  await expect(dialog.getByText("The current password is wrong.")).toHaveCount(0);

  // Eight spaces pass the browser's length check; the server refuses them under the field.
  await dialog.getByLabel(NEW).fill(" ".repeat(8));
  await dialog.getByLabel("New password again").fill(" ".repeat(8));
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The new password must not be only spaces.");
  await expect(dialog.getByLabel(NEW)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel(NEW)).toHaveAccessibleDescription("The new password must not be only spaces.");
  // Editing another field leaves it; editing the new password clears it.
  await dialog.getByLabel("New password again").fill("new-password-2");
  await expect(dialog.getByRole("alert")).toHaveText("The new password must not be only spaces.");
  await dialog.getByLabel(NEW).fill("new-password-3");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expectNoFieldError(dialog, NEW);

  // "Do not match" is about both new fields: fixing the first one clears it too.
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The new passwords do not match.");
  await dialog.getByLabel(NEW).fill("new-password-2");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expectNoFieldError(dialog, "New password again");
});

test("the forced first change refuses a password of only spaces, and the message goes when the field is edited", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Blank MSP ${tag}`, `owner-${tag}@blank.example`, "blank-owner-pw-1");
  await signIn(page, `owner-${tag}@blank.example`, "blank-owner-pw-1");
  const ws = await providerWorkspaceId(page);
  const email = `new-${tag}@blank.example`;
  const added = await page.request.post(`/api/v1/workspaces/${ws}/members`, { data: { email, role: "viewer" } });
  expect(added.status()).toBe(201);
  const { temporaryPassword } = (await added.json()) as { temporaryPassword: string };

  const context = await browser.newContext();
  try {
    const p = await context.newPage();
    await signIn(p, email, temporaryPassword);
    await expect(p).toHaveURL(/\/change-password/);
    const form = p.locator("form").filter({ has: p.getByRole("button", { name: "Save password" }) });
    await form.getByLabel("Temporary password").fill(temporaryPassword);
    await form.getByLabel(NEW).fill(" ".repeat(8));
    await form.getByLabel("New password again").fill(" ".repeat(8));
    await form.getByRole("button", { name: "Save password" }).click();
    await expect(form.getByRole("alert")).toHaveText("The new password must not be only spaces.");
    await expect(p).toHaveURL(/\/change-password/);
    await form.getByLabel(NEW).fill("my-own-pw-123");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await expectNoFieldError(form, NEW);
  } finally {
    await context.close();
  }
});
