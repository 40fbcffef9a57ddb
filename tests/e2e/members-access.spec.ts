// A client's Members page shows access as it really is: a provider owner added as a viewer reads
// "Owner via <provider>", the provider's technicians who work there without a role of their own
// are listed read-only, and Reset password is disabled, with the reason, where it would be
// refused (an account made by the operator). Its own providers, so the seeded one is untouched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("a client's members show effective roles, the provider's staff, and why a reset is unavailable", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Woodgrove MSP ${tag}`;
  const ownerEmail = `owner-${tag}@woodgrove.example`;
  const techEmail = `tech-${tag}@woodgrove.example`;
  const outsiderEmail = `owner-${tag}@elsewhere.example`;
  await createProviderOwner(provider, ownerEmail, "woodgrove-pw-1");
  await createMember(provider, techEmail, "woodgrove-pw-2", "editor");
  await createProviderOwner(`Elsewhere ${tag}`, outsiderEmail, "elsewhere-pw-1");
  await signIn(page, ownerEmail, "woodgrove-pw-1");

  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: `Clients of ${provider}` }).click();
  await page.getByLabel("Client name").fill("Litware");
  await page.getByRole("button", { name: "Add client" }).click();
  await page.getByTestId("client-row").filter({ hasText: "Litware" }).getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();

  const add = async (email: string, role: string) => {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("New member's role").selectOption(role);
    await page.getByRole("button", { name: "Add member" }).click();
    await expect(page.getByTestId("member-row").filter({ hasText: email })).toBeVisible();
  };
  await add(ownerEmail, "viewer");
  await add(outsiderEmail, "viewer");
  await add(`person-${tag}@litware.example`, "editor");

  const me = page.getByTestId("member-row").filter({ hasText: ownerEmail });
  await expect(me).toContainText(`Owner via ${provider}`);
  await expect(page.getByTestId("member-row").filter({ hasText: `person-${tag}@litware.example` }).getByRole("button", { name: /^Reset the password/ })).toBeEnabled();
  const outsiderReset = page.getByTestId("member-row").filter({ hasText: outsiderEmail }).getByRole("button", { name: /^Reset the password/ });
  await expect(outsiderReset).toHaveAttribute("aria-disabled", "true");
  await expect(outsiderReset).toHaveAccessibleDescription(/made by the operator/);
  await expect(outsiderReset).toBeDisabled();
  await outsiderReset.click({ force: true }); // still focusable, so the reason can be read; opens nothing
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  const staff = page.getByTestId("provider-member-row").filter({ hasText: techEmail });
  await expect(staff).toContainText(`Editor via ${provider} (provider)`);
  await expect(page.getByTestId("provider-member-row").filter({ hasText: ownerEmail })).toHaveCount(0); // a member here already
});
