// The browser session ends mid-edit (cookie gone, or signed out everywhere from elsewhere): the
// save state says so in words for people, with a sign-in link that opens in a new tab (which,
// once signed in, says to come back here), and the edit saves once the user has signed in there.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a save refused because the session ended offers sign-in in a new tab, then saves", async ({ page, context }) => {
  const { id, ws, email, password } = await openOwnWorkflow(page, "sessionend", [{ kind: "webhook", config: {} }]);
  const header = page.getByTestId("editor-header");
  await context.clearCookies();

  await header.getByRole("textbox", { name: "Workflow name" }).fill("Renamed after sign-out");
  const status = header.locator('[data-save-state="error"]');
  await expect(status).toContainText("Your session has ended — sign in again (opens in a new tab), then save");
  await expect(status).not.toContainText("Bearer");
  const link = status.getByRole("link", { name: /sign in again/ });
  await expect(link).toHaveAttribute("target", "_blank");
  // Signed in, the new tab says to go back to this one (it holds the unsaved edit) rather than
  // open a second editor without it; a link opens the workflow for when this tab is gone.
  const editor = `/w/${ws}/workflows/${id}`;
  const href = (await link.getAttribute("href"))!;
  expect(href.startsWith("/signin?callbackUrl=")).toBe(true);
  const callback = new URL(href, page.url()).searchParams.get("callbackUrl")!;
  expect(callback).toMatch(/^\/signed-in-again\?workflow=/);
  expect(new URL(callback, page.url()).searchParams.get("workflow")).toMatch(new RegExp(`^${editor}(\\?|$)`));

  const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await tab.getByLabel("E-mail").fill(email);
  await tab.getByLabel("Password").fill(password);
  await tab.getByRole("button", { name: "Sign in" }).click();
  await tab.waitForURL((u) => u.pathname === "/signed-in-again");
  await expect(tab.getByRole("heading", { name: "You are signed in again" })).toBeVisible();
  await expect(tab.getByRole("main")).toContainText("go back to your editor tab and save");
  const open = tab.getByRole("link", { name: "open the workflow" });
  await expect(open).toHaveAttribute("href", new RegExp(`^${editor}(\\?|$)`));
  // Anything but a path on this site is not linked to (no open redirect through this page).
  await tab.goto("/signed-in-again?workflow=%2F%2Fevil.example%2Fx");
  await expect(tab.getByRole("heading", { name: "You are signed in again" })).toBeVisible();
  await expect(tab.locator('a[href*="evil.example"]')).toHaveCount(0);
  await tab.close();

  // "then save": the word is the button (Ctrl+S does the same).
  await page.bringToFront();
  await status.getByRole("button", { name: "save" }).click();
  await expect(header.getByText("All changes saved")).toBeVisible();
  expect((await storedWorkflow(page, id)).name).toBe("Renamed after sign-out");
});
