// Someone who already works for another provider joins this one through an invitation link: the
// owner makes it on the Members page (shown once), the technician opens it signed out, signs in,
// comes back to it, joins, and lands in the workspace; the owner sees them among the members, the
// link gone from the open ones, and the audit log says who joined.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createMember, createProviderOwner, markAccountMadeIn } from "./e2e-database";
import { signIn } from "./sign-in";

test("an owner makes an invitation link; a technician of another provider opens it, signs in and joins", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Woodgrove MSP ${tag}`;
  const other = `Litware MSP ${tag}`;
  const ownerEmail = `owner-${tag}@woodgrove.example`;
  const techEmail = `tech-${tag}@litware.example`;
  await createProviderOwner(provider, ownerEmail, "woodgrove-pw-1");
  await createProviderOwner(other, `owner-${tag}@litware.example`, "litware-pw-1");
  await createMember(other, techEmail, "litware-tech-pw", "editor");
  await markAccountMadeIn(techEmail, other);

  await signIn(page, ownerEmail, "woodgrove-pw-1");
  await expect(page.getByTestId("current-workspace")).toHaveText(provider);
  await page.getByRole("button", { name: "Switch workspace" }).click();
  await page.getByRole("menuitem", { name: `Members of ${provider}` }).click();
  // Another provider's account cannot be added by address; the refusal names the button to use.
  const add = page.getByRole("form", { name: "Add a member" });
  await add.getByLabel("E-mail").fill(techEmail);
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be added by address" })).toContainText('with "Make invitation link" on the Members page');
  const form = page.getByRole("form", { name: "Make an invitation link" });
  await form.getByLabel(/^For/).fill("Tom from Litware");
  await form.getByLabel("Invited person's role").selectOption("editor");
  await form.getByRole("button", { name: "Make invitation link" }).click();
  const link = await page.getByLabel("Invitation link", { exact: true }).inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  const open = page.getByTestId("invitation-row").filter({ hasText: "Tom from Litware" });
  await expect(open).toContainText("Editor");
  await page.screenshot({ path: "docs/screenshots/invitation-link.png" });

  const tech = await browser.newContext();
  try {
    const techPage = await tech.newPage();
    // Signed out: the link leads through the sign-in form and back to itself.
    await techPage.goto(link);
    await expect(techPage).toHaveURL(/\/signin\?callbackUrl=%2Finvite%2F/);
    await techPage.getByLabel("E-mail").fill(techEmail);
    await techPage.getByLabel("Password").fill("litware-tech-pw");
    await techPage.getByRole("button", { name: "Sign in" }).click();
    await expect(techPage).toHaveURL(/\/invite\//);
    await expect(techPage.getByText(`invites you to ${provider}`)).toBeVisible();
    await expect(techPage.getByText("as editor")).toBeVisible();
    await techPage.screenshot({ path: "docs/screenshots/invitation-accept.png" });
    await techPage.getByRole("button", { name: `Join ${provider}` }).click();
    await expect(techPage.getByTestId("current-workspace")).toHaveText(provider);
    // Their own provider is still theirs.
    await techPage.getByRole("button", { name: "Switch workspace" }).click();
    await expect(techPage.getByRole("menuitem", { name: new RegExp(`^${other}`) })).toBeVisible();
    await techPage.keyboard.press("Escape");

    // Reopened by the person who used it: they joined (the link is used up for anyone else,
    // invitation-holder.spec.ts).
    await techPage.goto(link);
    await expect(techPage.getByText(`You joined ${provider} with this link.`)).toBeVisible();
  } finally {
    await tech.close();
  }

  await page.reload();
  await expect(page.getByTestId("member-row").filter({ hasText: techEmail })).toBeVisible();
  await expect(page.getByTestId("invitation-row")).toHaveCount(0);
  await page.getByRole("link", { name: "Audit" }).click();
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log.getByRole("row").filter({ hasText: "Joined by invitation" })).toContainText(`${techEmail} (editor)`);
  await expect(log.getByRole("row").filter({ hasText: "Invitation link made" })).toContainText("editor for Tom from Litware");
});
