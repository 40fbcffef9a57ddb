// Onboarding a client from the UI: a provider owner adds a client workspace, gives a person of
// that client an account (temporary password, shown once, which they must replace on first
// sign-in), changes their role, renames the client, resets the person's forgotten password,
// removes the person again and deletes the client. Its own provider, so the seeded one is
// untouched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("a provider owner adds a client and a member of it, who signs in with the temporary password and chooses their own", async ({ page, browser }) => {
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
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/members/"));
  await row.getByLabel(`Role of ${memberEmail}`).selectOption("editor");
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(row.getByLabel(`Role of ${memberEmail}`)).toHaveValue("editor");
  await page.screenshot({ path: "docs/screenshots/members.png" });

  // The new member signs in with the temporary password and lands in the client.
  const other = await browser.newContext();
  try {
    const memberPage = await other.newPage();
    await signIn(memberPage, memberEmail, password);
    // First their own password: nothing else opens before it.
    await expect(memberPage).toHaveURL(/\/change-password$/);
    const choosePassword = async (temporary: string, own: string) => {
      await memberPage.getByLabel("Temporary password").fill(temporary);
      await memberPage.getByLabel(/^New password \(/).fill(own);
      await memberPage.getByLabel("New password again").fill(own);
      await memberPage.getByRole("button", { name: "Save password" }).click();
      // Still signed in: on into the app, no second sign-in.
      await expect(memberPage.getByRole("status")).toContainText("Password changed");
      await memberPage.getByRole("link", { name: "Continue" }).click();
      await expect(memberPage).not.toHaveURL(/\/(signin|change-password)/);
    };
    await choosePassword(password, "fay-own-pw-1");
    await expect(memberPage.getByTestId("current-workspace")).toHaveText("Fabrikam Legal");

    // Renamed by the owner: the member sees the new name on their next page.
    await page.getByRole("button", { name: "Rename…" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Fabrikam Legal LLP");
    await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
    await expect(page.getByTestId("current-workspace")).toHaveText("Fabrikam Legal LLP");
    await memberPage.reload();
    await expect(memberPage.getByTestId("current-workspace")).toHaveText("Fabrikam Legal LLP");

    // The member has a script's API token; the account may be in the wrong hands: the owner issues
    // a new temporary password, which ends the member's session, and revokes the token with it.
    const minted = await memberPage.request.post("/api/v1/auth/tokens", { data: { name: "script" } });
    expect(minted.status()).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    await row.getByRole("button", { name: `Reset the password of ${memberEmail}` }).click();
    // Without revoking, the tokens are held back only until the member has chosen a new password.
    await expect(page.getByRole("alertdialog")).toContainText("Their API tokens are refused until they have chosen a new password, then work again.");
    await page.getByRole("alertdialog").getByLabel(/Also revoke their API tokens/).check();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset password" }).click();
    const secret = page.getByLabel("Temporary password");
    await expect(secret).toBeVisible();
    await expect(page.getByText("Their API token was revoked.")).toBeVisible();
    const withToken = await page.request.get("/api/v1/workspaces", { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status()).toBe(401);
    const again = await secret.inputValue();
    expect(again).not.toBe(password);
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/signin/);
    await signIn(memberPage, memberEmail, again);
    await expect(memberPage).toHaveURL(/\/change-password$/);
    await choosePassword(again, "fay-own-pw-2");
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

  // Each step is in the provider's audit log (which holds its clients' events).
  const openAudit = async () => {
    await page.getByRole("button", { name: "Switch workspace" }).click();
    await page.getByRole("menuitem", { name: new RegExp(`^${provider}`) }).click();
    // The switch navigates: the Audit link before it is the old workspace's.
    await expect(page.getByTestId("current-workspace")).toHaveText(provider);
    await page.getByRole("link", { name: "Audit" }).click();
    return page.getByRole("table", { name: "Audit log" });
  };
  let log = await openAudit();
  for (const what of ["Client added", "Member added", "Role changed", "Renamed", "Password reset", "Member removed"]) await expect(log.getByText(what, { exact: true })).toBeVisible();
  await expect(log.getByText(`${memberEmail}, 1 API token revoked`)).toBeVisible();

  // Offboarding: delete the client from the Clients page, after typing its name.
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: `Clients of ${provider}` }).click();
  await page.getByRole("button", { name: "Delete Fabrikam Legal LLP" }).click();
  const confirm = page.getByRole("dialog");
  // Its audit events are not deleted with it: they move to the provider's log.
  await expect(confirm).toContainText("app connections and files are deleted");
  await expect(confirm).toContainText(`Its audit events move to the provider's log, beside a record of the deletion, listed under "Fabrikam Legal LLP (deleted)".`);
  await expect(confirm.getByRole("button", { name: "Delete client" })).toBeDisabled();
  await confirm.getByLabel(/to confirm/).fill("Fabrikam Legal LLP");
  await confirm.getByRole("button", { name: "Delete client" }).click();
  await expect(page.getByTestId("client-row")).toHaveCount(0);
  await expect(page.getByText("No clients yet.")).toBeVisible();
  // The provider's log keeps the deletion, and what happened in the client, under its name.
  log = await openAudit();
  await expect(log.getByText("Client deleted", { exact: true })).toBeVisible();
  const memberAdded = log.getByRole("row").filter({ hasText: "Member added" });
  await expect(memberAdded).toHaveCount(1);
  await expect(memberAdded).toContainText("Fabrikam Legal LLP (deleted)");
});
