// As a browser sees them: /signin never sends a signed-in user off site (Chromium drops a tab
// in "/\t/host", which would make it "//host"), and the editor's address with an unknown
// workflow is a real 404 page with the way back.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test("a disguised off-site callbackUrl keeps the signed-in user on this site", async ({ page, baseURL }) => {
  await signIn(page);
  const offSite = `%2F%09%2F127.0.0.1%3A1%2Fapi%2Fhealth%2Flive`; // port 1: nothing listens there
  await page.goto(`/signin?callbackUrl=${offSite}`);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(page).toHaveURL(/\/w\/[^/]+\/workflows$/);
});

test("an unknown workflow's editor page answers 404 and leads back to the workflows", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const res = await page.goto(`/w/${ws}/workflows/00000000-0000-4000-8000-000000000000`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Workflow not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to workflows" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/workflows$`));
});
