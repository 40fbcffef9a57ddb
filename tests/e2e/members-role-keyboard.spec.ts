// Changing a member's role from the keyboard: the arrow keys step through the roles and Enter (or
// leaving the picker) saves the one shown — not each role passed on the way, which saved and wrote
// an audit event per press — and focus stays on the role picker. (The picker was disabled while
// saving and rebuilt for the new role, which dropped focus to the page.)
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("ArrowUp then Enter, then ArrowUp and Tab, take a viewer to owner with focus kept on the role picker", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Roles keys MSP ${tag}`;
  const email = `roles-keys-${tag}@example.test`;
  const member = `viewer-${tag}@example.test`;
  await createProviderOwner(provider, email, "roles-keys-pw-1");
  await createMember(provider, member, "roles-keys-pw-2", "viewer");
  await signIn(page, email, "roles-keys-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const stored = async () => {
    const { members } = (await (await page.request.get(`/api/v1/workspaces/${ws}/members`)).json()) as { members: { email: string; role: string }[] };
    return members.find((m) => m.email === member)?.role;
  };

  await page.goto(`/w/${ws}/members`);
  const role = page.getByLabel(`Role of ${member}`);
  await expect(role).toHaveValue("viewer");
  await role.focus();
  await page.keyboard.press("ArrowUp");
  await expect(role).toHaveValue("editor");
  await page.keyboard.press("Enter");
  await expect.poll(stored).toBe("editor");
  await expect(role).toBeFocused();
  await expect(role).toHaveValue("editor");
  // The save is over (the picker takes changes again) before the next press.
  await expect(role).not.toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Tab");
  await expect.poll(stored).toBe("owner");
  await expect(role).toHaveValue("owner");
  await page.reload();
  await expect(role).toHaveValue("owner");
});
