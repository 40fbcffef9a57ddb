// A new member's first sign-in goes through /change-password; the page they opened — a workflow
// someone sent them, an invitation link — still opens after they have chosen their password,
// instead of the workflows list (and an invitation never accepted). Choosing it keeps them signed
// in: they are not sent back to the sign-in form to type it again.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

async function ownerWithNewMember(page: Page) {
  const tag = randomBytes(3).toString("hex");
  const provider = `Tailspin MSP ${tag}`;
  await createProviderOwner(provider, `owner-${tag}@tailspin.example`, "tailspin-pw-1");
  await signIn(page, `owner-${tag}@tailspin.example`, "tailspin-pw-1");
  const ws = await providerWorkspaceId(page);
  const email = `new-${tag}@tailspin.example`;
  const added = await page.request.post(`/api/v1/workspaces/${ws}/members`, { data: { email, role: "viewer" } });
  expect(added.status()).toBe(201);
  const { temporaryPassword } = (await added.json()) as { temporaryPassword: string };
  return { tag, ws, email, temporaryPassword };
}

/** Opens `path` signed out in a fresh browser, signs in with the temporary password, chooses one and goes on. */
async function firstSignIn(browser: Browser, path: string, email: string, temporary: string) {
  const context = await browser.newContext();
  const p = await context.newPage();
  await p.goto(path);
  await expect(p).toHaveURL(/\/signin\?callbackUrl=/);
  await p.getByLabel("E-mail").fill(email);
  await p.getByLabel("Password").fill(temporary);
  await p.getByRole("button", { name: "Sign in" }).click();
  await expect(p).toHaveURL((u) => u.pathname === "/change-password" && u.searchParams.get("callbackUrl") === path);
  await p.getByLabel("Temporary password").fill(temporary);
  await p.getByLabel(/^New password \(/).fill("my-own-pw-123");
  await p.getByLabel("New password again").fill("my-own-pw-123");
  await p.getByRole("button", { name: "Save password" }).click();
  await expect(p.getByRole("status")).toHaveText("Password changed; your other sessions were signed out. API tokens keep working.");
  await expect(p).toHaveURL((u) => u.pathname === "/change-password");
  await p.getByRole("link", { name: "Continue" }).click();
  return { context, page: p };
}

test("a workflow link opened before the first sign-in opens after the password is chosen", async ({ page, browser }) => {
  const m = await ownerWithNewMember(page);
  const made = await page.request.post(`/api/v1/workspaces/${m.ws}/workflows`, { data: { name: `Sent to the new one ${m.tag}`, steps: [{ kind: "webhook", config: {} }] } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const path = `/w/${m.ws}/workflows/${id}`;
  const { context, page: p } = await firstSignIn(browser, path, m.email, m.temporaryPassword);
  try {
    await expect(p).toHaveURL((u) => u.pathname === path);
    await expect(p.getByRole("textbox", { name: "Workflow name" })).toHaveValue(`Sent to the new one ${m.tag}`);
  } finally {
    await context.close();
  }
});

test("an invitation link opened before the first sign-in is there to accept after the password is chosen", async ({ page, browser }) => {
  const m = await ownerWithNewMember(page);
  const client = `Tailspin client ${m.tag}`;
  const created = await page.request.post(`/api/v1/workspaces/${m.ws}/clients`, { data: { name: client } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { id: string }).id;
  // A viewer through the provider, invited to the client as editor.
  const inv = await page.request.post(`/api/v1/workspaces/${clientId}/invitations`, { data: { role: "editor" } });
  expect(inv.status()).toBe(201);
  const path = new URL(((await inv.json()) as { link: string }).link).pathname;
  const { context, page: p } = await firstSignIn(browser, path, m.email, m.temporaryPassword);
  try {
    await expect(p).toHaveURL((u) => u.pathname === path);
    await expect(p.getByText(`invites you to ${client}`)).toBeVisible();
    await p.getByRole("button", { name: `Join ${client}` }).click();
    await expect(p.getByTestId("current-workspace")).toHaveText(client);
  } finally {
    await context.close();
  }
});
