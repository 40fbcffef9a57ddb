// What the specs start with: signing in through the form, as a technician would, and the
// provider workspace the seed created. (auth-sign-in.spec.ts tests the form itself.)
import { expect, type Page } from "@playwright/test";
import { SEED_OWNER } from "../../playwright.config";

/** Signs in as the seeded owner unless told otherwise; returns once the app has left /signin. */
export async function signIn(page: Page, email = process.env.E2E_EMAIL ?? SEED_OWNER.email, password = process.env.E2E_PASSWORD ?? SEED_OWNER.password) {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
}

/** The id of the signed-in user's provider workspace. */
export async function providerWorkspaceId(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/workspaces");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { workspaces: { id: string; kind: string }[] };
  return (body.workspaces.find((w) => w.kind === "provider") ?? body.workspaces[0]).id;
}
