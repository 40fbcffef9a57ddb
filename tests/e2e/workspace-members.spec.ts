// Onboarding a client from the UI: a provider owner adds a client workspace, gives a person of
// that client an account (temporary password, shown once), changes their role, renames the
// client, and removes the person again. Its own provider, so the seeded one is untouched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("a provider owner adds a client and a member of it, who signs in with the temporary password", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Tailspin MSP ${tag}`;
  const ownerEmail = `msp-owner-${tag}@example.test`;
  const memberEmail = `it-lead-${tag}@fabrikam.example`;
  await createProviderOwner(provider, ownerEmail, "tailspin-pw-1");
  await signIn(page, ownerEmail, "tailspin-pw-1");
  await expect(page.getByTestId("current-workspace")).toHaveText(provider);

  // Switcher → Clients of the provider → add one.
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: `Clients of ${provider}` }).click();
  await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
  await page.getByLabel("Client name").fill("Fabrikam Legal");
  await page.getByRole("button", { name: "Add client" }).click();
  const client = page.getByTestId("client-row").filter({ hasText: "Fabrikam Legal" });
  await expect(client).toBeVisible();
  await client.getByRole("link", { name: "Members" }).click();

  // The client's members: add someone new as owner, then make them an editor.
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(page.getByText(`members of ${provider} also work here`)).toBeVisible();
  await page.getByLabel("E-mail").fill(memberEmail);
  await page.getByLabel(/^Name/).fill("Fay Fabrikam");
  await page.getByLabel("New member's role").selectOption("owner");
  await page.getByRole("button", { name: "Add member" }).click();
  const password = await page.getByLabel("Temporary password").inputValue();
  expect(password.length).toBeGreaterThanOrEqual(16);
  const row = page.getByTestId("member-row").filter({ hasText: memberEmail });
  await expect(row).toContainText("Fay Fabrikam");
  await row.getByLabel(`Role of ${memberEmail}`).selectOption("editor");
  await page.reload();
  await expect(row.getByLabel(`Role of ${memberEmail}`)).toHaveValue("editor");
  await page.screenshot({ path: "docs/screenshots/members.png" });

  // The new member signs in with the temporary password and lands in the client.
  const other = await browser.newContext();
  try {
    const memberPage = await other.newPage();
    await signIn(memberPage, memberEmail, password);
    await expect(memberPage.getByTestId("current-workspace")).toHaveText("Fabrikam Legal");

    // Renamed by the owner: the member sees the new name on their next page.
    await page.getByRole("button", { name: "Rename…" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Fabrikam Legal LLP");
    await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
    await expect(page.getByTestId("current-workspace")).toHaveText("Fabrikam Legal LLP");
    await memberPage.reload();
    await expect(memberPage.getByTestId("current-workspace")).toHaveText("Fabrikam Legal LLP");

    // Removed: the member has no workspace left.
    await row.getByRole("button", { name: `Remove ${memberEmail}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove member" }).click();
    await expect(row).toHaveCount(0);
    await memberPage.goto("/workspaces");
    await expect(memberPage.getByRole("heading", { name: "No workspace yet" })).toBeVisible();
  } finally {
    await other.close();
  }

  // Each step is in the provider's audit log.
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${provider}`) }).click();
  await page.getByRole("link", { name: "Audit" }).click();
  const log = page.getByRole("table", { name: "Audit log" });
  for (const what of ["Client added", "Member added", "Role changed", "Renamed", "Member removed"]) await expect(log.getByText(what, { exact: true })).toBeVisible();
});
