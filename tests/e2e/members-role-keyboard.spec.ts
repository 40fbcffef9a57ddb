// Changing a member's role from the keyboard: the arrow keys step through the roles and Enter (or
// leaving the picker) saves the one shown — not each role passed on the way, which saved and wrote
// an audit event per press — and focus stays on the role picker. (The picker was disabled while
// saving and rebuilt for the new role, which dropped focus to the page.)
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

/** A provider whose owner is signed in on the Members page, with one viewer: the viewer's role
 *  picker, and their role as stored (read through the API). */
async function viewerOnMembersPage(page: Page, name: string) {
  const tag = randomBytes(3).toString("hex");
  const email = `${name}-${tag}@example.test`;
  const member = `viewer-${name}-${tag}@example.test`;
  await createProviderOwner(`${name} MSP ${tag}`, email, `${name}-pw-1`);
  await createMember(`${name} MSP ${tag}`, member, `${name}-pw-2`, "viewer");
  await signIn(page, email, `${name}-pw-1`);
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const stored = async () => {
    const { members } = (await (await page.request.get(`/api/v1/workspaces/${ws}/members`)).json()) as { members: { email: string; role: string }[] };
    return members.find((m) => m.email === member)?.role;
  };
  await page.goto(`/w/${ws}/members`);
  const role = page.getByLabel(`Role of ${member}`);
  await expect(role).toHaveValue("viewer");
  return { role, stored };
}

/** Holds the page's refreshes (`_rsc` requests) — every one, or only the first — until `release`;
 *  `count` says how many were asked for. */
async function holdRefreshes(page: Page, which: "all" | "first") {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let count = 0;
  await page.route(/_rsc=/, async (route) => {
    if (++count === 1 || which === "all") await held;
    await route.continue();
  });
  return { release, count: () => count };
}

/** ArrowUp and Enter save editor; returns once it is stored, the picker free and its refresh asked for. */
async function saveEditorByKeyboard(role: Locator, stored: () => Promise<string | undefined>, refreshes: () => number) {
  await role.focus();
  await role.page().keyboard.press("ArrowUp");
  await role.page().keyboard.press("Enter");
  await expect.poll(stored).toBe("editor");
  await expect(role).not.toHaveAttribute("aria-disabled", "true");
  await expect.poll(refreshes).toBeGreaterThan(0);
}

test("ArrowUp then Enter, then ArrowUp and Tab, take a viewer to owner with focus kept on the role picker", async ({ page }) => {
  const { role, stored } = await viewerOnMembersPage(page, "roles-keys");
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

test("a role stepped to while the page still refreshes after the previous save is kept and saved", async ({ page }) => {
  const { role, stored } = await viewerOnMembersPage(page, "roles-race");

  // The page's refresh after the first save is held until the user has stepped on.
  const { release, count: refreshes } = await holdRefreshes(page, "all");
  await saveEditorByKeyboard(role, stored, refreshes);
  await page.keyboard.press("ArrowUp");
  await expect(role).toHaveValue("owner");
  // The refresh lands now, bringing back the role just saved: the one stepped to stays shown.
  const landed = page.waitForResponse(/_rsc=/);
  release();
  await landed;
  // Until React has rendered it: the frames after the payload arrived.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r)))));
  await expect(role).toHaveValue("owner");
  await page.keyboard.press("Tab");
  await expect.poll(stored).toBe("owner");
});

test("the first save's refresh landing while the next save is under way does not put its role back", async ({ page }) => {
  const { role, stored } = await viewerOnMembersPage(page, "roles-late");
  // The refresh after the first save is held; so is the second save, until that refresh landed.
  const { release: releaseRefresh, count: refreshes } = await holdRefreshes(page, "first");
  await saveEditorByKeyboard(role, stored, refreshes);
  let releaseSave!: () => void;
  const saveHeld = new Promise<void>((r) => (releaseSave = r));
  await page.route("**/api/v1/workspaces/*/members/*", async (route) => {
    if (route.request().method() === "PATCH") await saveHeld;
    await route.continue();
  });
  const saving = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/members/"));
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Tab");
  await saving;
  // The first refresh lands now, bringing back editor, while owner is being saved.
  const landed = page.waitForResponse(/_rsc=/);
  releaseRefresh();
  await landed;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r)))));
  await expect(role).toHaveValue("owner");
  releaseSave();
  await expect.poll(stored).toBe("owner");
  await expect.poll(refreshes).toBeGreaterThan(1);
  await expect(role).toHaveValue("owner");
  await page.reload();
  await expect(role).toHaveValue("owner");
});
