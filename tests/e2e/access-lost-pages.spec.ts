// The resource pages notice a session that ended or a workspace no longer shared as the editor
// does: in its words ("Your session has ended — sign in again (opens in a new tab)…", "You no longer
// have access to this workspace…"), not the API's ("send a valid API token (Authorization: Bearer
// …)", "workspace not found"), and the Runs page's refresh stops instead of turning into a bare 404.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createMember, createProviderOwner, markAccountMadeIn } from "./e2e-database";
import { signIn } from "./sign-in";

/** A provider with an owner and an editor; the editor signed in on `page`, the owner in a page of its own. */
async function memberAndOwner(browser: Browser, page: Page, what: string) {
  const tag = randomBytes(3).toString("hex");
  const name = `${what} MSP ${tag}`;
  const ownerEmail = `${what}-owner-${tag}@example.test`;
  const memberEmail = `${what}-member-${tag}@example.test`;
  await createProviderOwner(name, ownerEmail, `${what}-pw-1`);
  await createMember(name, memberEmail, `${what}-pw-2`, "editor");
  await markAccountMadeIn(memberEmail, name); // so its owner may reset its password
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, ownerEmail, `${what}-pw-1`);
  const { workspaces } = (await (await owner.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  await signIn(page, memberEmail, `${what}-pw-2`);
  const { members } = (await (await owner.request.get(`/api/v1/workspaces/${ws}/members`)).json()) as { members: { userId: string; email: string }[] };
  const memberId = members.find((m) => m.email === memberEmail)!.userId;
  /** The owner removes the member from the workspace. */
  const remove = async () => expect((await owner.request.delete(`/api/v1/workspaces/${ws}/members/${memberId}`)).status()).toBe(204);
  return { ws, owner, remove, memberEmail };
}

test("Variables: a save after the session ended offers sign-in in a new tab and keeps what was typed", async ({ browser, page }) => {
  const { ws, owner, memberEmail } = await memberAndOwner(browser, page, "varsession");
  await page.goto(`/w/${ws}/variables`);
  await page.getByLabel("Key").fill("API_BASE");
  await page.getByLabel(/^Value/).fill("https://example.test");
  // The owner's "reset password" signs the member out everywhere.
  const { members } = (await (await owner.request.get(`/api/v1/workspaces/${ws}/members`)).json()) as { members: { userId: string; email: string }[] };
  const id = members.find((m) => m.email === memberEmail)!.userId;
  expect((await owner.request.post(`/api/v1/workspaces/${ws}/members/${id}/reset-password`, { data: {} })).ok()).toBe(true);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  const alert = page.locator('p[role="alert"]'); // not Next's empty route announcer
  await expect(alert).toHaveText("Your session has ended — sign in again (opens in a new tab), then try again.");
  await expect(alert).not.toContainText("Bearer");
  const link = alert.getByRole("link", { name: "sign in again (opens in a new tab)" });
  await expect(link).toHaveAttribute("target", "_blank");
  expect(new URL((await link.getAttribute("href"))!, page.url()).searchParams.get("callbackUrl")).toBe("/signed-in-again");
  await expect(page.getByLabel("Key")).toHaveValue("API_BASE");
  await owner.context().close();
});

test("Variables, Files and New workflow: removed from the workspace, they say so instead of 'workspace not found'", async ({ browser, page, context }) => {
  const { ws, owner, remove } = await memberAndOwner(browser, page, "varremoved");
  const noAccess = "You no longer have access to this workspace. Nothing here can be saved any more. Your workspaces";
  await page.goto(`/w/${ws}/variables`);
  await page.getByLabel("Key").fill("API_BASE");
  const files = await context.newPage();
  await files.goto(`/w/${ws}/files`);
  await files.getByRole("button", { name: "File", exact: true }).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  const workflows = await context.newPage();
  await workflows.goto(`/w/${ws}/workflows`);
  await workflows.getByRole("button", { name: "New workflow" }).click();
  await workflows.getByRole("dialog").getByRole("textbox").fill("Onboarding");
  await remove();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  const alert = page.locator('p[role="alert"]'); // not Next's empty route announcer
  await expect(alert).toHaveText(noAccess);
  await expect(alert.getByRole("link", { name: "Your workspaces" })).toHaveAttribute("href", "/workspaces");
  await expect(page.getByLabel("Key")).toHaveValue("API_BASE");

  await files.getByRole("button", { name: "Upload" }).click();
  await expect(files.locator('p[role="alert"]')).toHaveText(noAccess);

  await workflows.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await expect(workflows.getByRole("dialog").getByRole("alert")).toHaveText(noAccess);
  await owner.context().close();
});

test("Runs: the 10 s refresh after removal stops and says why instead of a bare 404", async ({ browser, page }) => {
  const { ws, owner, remove } = await memberAndOwner(browser, page, "runsremoved");
  await page.goto(`/w/${ws}/runs`);
  await expect(page.getByRole("heading", { name: "Runs" })).toBeVisible();
  await remove();
  await expect(page.getByTestId("refresh-stopped")).toHaveText("You no longer have access to this workspace. Nothing here can be saved any more. Your workspaces", { timeout: 25_000 });
  await expect(page.getByRole("heading", { name: "Runs" })).toBeVisible();
  await expect(page.getByText("This page does not exist, or it is not shared with you")).toHaveCount(0);
  await owner.context().close();
});
