// The top bar says where the user is and can be skipped: the current section's link carries
// aria-current="page" (the Runs tab counts as Workflows), and the first Tab on a page reaches
// "Skip to content", which puts focus on the page's main area.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test("the current section is marked, and Skip to content passes the top bar", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const sections = page.getByRole("navigation", { name: "Sections" });

  await page.goto(`/w/${ws}/variables`);
  await expect(sections.getByRole("link", { name: "Variables" })).toHaveAttribute("aria-current", "page");
  await expect(sections.getByRole("link", { name: "Workflows" })).not.toHaveAttribute("aria-current", /.*/);

  await page.goto(`/w/${ws}/runs`);
  await expect(sections.getByRole("link", { name: "Workflows" })).toHaveAttribute("aria-current", "page");
  await expect(sections.locator("[aria-current]")).toHaveCount(1);

  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});
