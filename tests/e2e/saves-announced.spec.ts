// Saves that change nothing where focus is are said in a polite live region: a client or a
// variable added, a variable deleted, a member's role changed — the role saved once, on Enter or
// on leaving the picker, not for each role an arrow key passes. Each in a provider of its own.
import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./e2e-database";
import { signInToOwnProvider } from "./own-provider";

/** The polite live regions' words, as a screen reader would get them. */
const said = (page: Page, text: string) => page.locator("[aria-live=polite]").filter({ hasText: text });

test("an added client and a member's role change are said, and the role is saved once, on Enter, not per arrow key", async ({ page }) => {
  const { ws, name, tag } = await signInToOwnProvider(page, "saysaves");
  await page.goto(`/w/${ws}/clients`);
  const form = page.getByRole("form", { name: "Add a client" });
  await form.getByLabel("Client name").focus();
  await page.keyboard.type("Tailspin Toys");
  await page.keyboard.press("Enter");
  await expect(said(page, "Added Tailspin Toys.")).toHaveCount(1);

  const member = `viewer-${tag}@example.test`;
  await createMember(name, member, "saysaves-pw-2", "viewer");
  await page.goto(`/w/${ws}/members`);
  const stored = async () => {
    const { members } = (await (await page.request.get(`/api/v1/workspaces/${ws}/members`)).json()) as { members: { email: string; role: string }[] };
    return members.find((m) => m.email === member)?.role;
  };
  const role = page.getByLabel(`Role of ${member}`);
  await role.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(role).toHaveValue("owner");
  await page.keyboard.press("Enter");
  await expect(said(page, `${member} is now Owner.`)).toHaveCount(1);
  await expect(role).toBeFocused();
  expect(await stored()).toBe("owner");
  // One change, one audit event: not viewer → editor, then editor → owner.
  const audit = (await (await page.request.get(`/api/v1/workspaces/${ws}/audit`)).json()) as { events: { action: string }[] };
  expect(audit.events.filter((e) => e.action === "member_role_changed")).toHaveLength(1);
});

test("a variable added and deleted from the keyboard is said", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "sayvars");
  await page.goto(`/w/${ws}/variables`);
  await page.getByRole("form", { name: "Add a variable or secret" }).getByLabel("Key").focus();
  await page.keyboard.type("API_HOST");
  await page.keyboard.press("Enter");
  await expect(said(page, "Saved variable API_HOST.")).toHaveCount(1);
  await page.getByRole("button", { name: "Delete API_HOST" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab"); // Cancel has focus first
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("variable-API_HOST")).toHaveCount(0);
  await expect(said(page, "Deleted API_HOST.")).toHaveCount(1);
});

test("the Push page says when the preflight for the client chosen has loaded", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "saypush");
  expect((await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: "Contoso" } })).status()).toBe(201);
  const wf = (await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Offboarding", steps: [{ kind: "webhook", config: {} }] } })).json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}/push`);
  const client = page.getByLabel("Client workspace");
  await client.focus();
  await page.keyboard.press("ArrowDown");
  await expect(client).toHaveValue(/.+/);
  await expect(said(page, "Preflight for Contoso loaded, below.")).toHaveCount(1);
  await expect(client).toBeFocused();
});
