// An invitation link opened by the wrong account says whom it is for (the maker's note) and offers
// "Not you? Sign in as someone else", which signs out and comes back to the link; the person who
// used it, reopening it, reads that they joined, with a link to open the workspace, while anyone
// else is told it was used.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("a link opened signed in as someone else shows its note and signs in as the right person; its user reads that they joined", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Fabrikam MSP ${tag}`;
  const ownerEmail = `owner-${tag}@fabrikam.example`;
  const aliceEmail = `alice-${tag}@contoso.example`;
  const bobEmail = `bob-${tag}@northwind.example`;
  await createProviderOwner(provider, ownerEmail, "fabrikam-pw-1");
  await createProviderOwner(`Contoso ${tag}`, aliceEmail, "contoso-pw-1");
  await createProviderOwner(`Northwind ${tag}`, bobEmail, "northwind-pw-1");
  await signIn(page, ownerEmail, "fabrikam-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const made = await page.request.post(`/api/v1/workspaces/${workspaces[0].id}/invitations`, { data: { role: "editor", note: "Bob at Northwind" } });
  const { link } = (await made.json()) as { link: string };
  const path = new URL(link).pathname;

  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    await signIn(tab, aliceEmail, "contoso-pw-1");
    await tab.goto(path);
    await expect(tab.getByTestId("invitation-note")).toHaveText("For: Bob at Northwind");
    await expect(tab.getByText(`You are signed in as ${aliceEmail}. Not you?`)).toBeVisible();
    await tab.getByRole("button", { name: "Sign in as someone else" }).click();
    // Signed out, the link goes through the sign-in form and back to itself.
    await expect(tab).toHaveURL(/\/signin\?callbackUrl=%2Finvite%2F/);
    await tab.getByLabel("E-mail").fill(bobEmail);
    await tab.getByLabel("Password").fill("northwind-pw-1");
    await tab.getByRole("button", { name: "Sign in" }).click();
    await expect(tab).toHaveURL(new RegExp(`${path}$`));
    await expect(tab.getByText(`You are signed in as ${bobEmail}.`)).toBeVisible();
    await tab.getByRole("button", { name: `Join ${provider}` }).click();
    await expect(tab.getByTestId("current-workspace")).toHaveText(provider);

    // Bob reopens it: he joined, and can open the workspace from here.
    await tab.goto(path);
    await expect(tab.getByText(`You joined ${provider} with this link.`)).toBeVisible();
    await expect(tab.getByText("already been used")).toHaveCount(0);
    await tab.getByRole("link", { name: `Open ${provider}` }).click();
    await expect(tab.getByTestId("current-workspace")).toHaveText(provider);
  } finally {
    await other.close();
  }

  // Anyone else: used up.
  const third = await browser.newContext();
  try {
    const tab = await third.newPage();
    await signIn(tab, aliceEmail, "contoso-pw-1");
    await tab.goto(path);
    await expect(tab.getByRole("alert").filter({ hasText: "already been used" })).toContainText("ask an owner of the workspace for a new one");
  } finally {
    await third.close();
  }
});
