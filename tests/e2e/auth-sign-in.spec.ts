// The first thing a user does: sign in through the real page, land in the provider workspace
// (empty right after the seed), switch to a client with the workspace switcher, sign out.
// Other specs add workflows to the seeded workspaces, so once signed in this one removes the
// workflows of the two workspaces it shows (through the API) and runs in any order.
import { expect, test, type Page } from "@playwright/test";
import { SEED_OWNER } from "../../playwright.config";

async function deleteWorkflowsOf(page: Page, names: string[]) {
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string; name: string }[] };
  for (const ws of workspaces.filter((w) => names.includes(w.name))) {
    const { workflows } = (await (await page.request.get(`/api/v1/workspaces/${ws.id}/workflows`)).json()) as { workflows: { id: string }[] };
    for (const wf of workflows) expect((await page.request.delete(`/api/v1/workflows/${wf.id}`)).status()).toBe(204);
  }
}

test("sign in, see the provider's empty workflows list, switch to a client, sign out", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole("heading", { name: "Sign in to MSP Flow", exact: true })).toBeVisible();

  // A wrong password is explained on the page.
  await page.getByLabel("E-mail").fill(SEED_OWNER.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong e-mail or password.");
  await expect(page).toHaveURL(/\/signin/);

  await page.getByLabel("E-mail").fill(SEED_OWNER.email);
  await page.getByLabel("Password").fill(SEED_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/w\/[^/]+\/workflows$/);
  await expect(page.getByRole("heading", { name: "Workflows", exact: true })).toBeVisible();
  await deleteWorkflowsOf(page, ["Acme IT Services", "Northwind Traders"]);
  await page.reload();
  await expect(page.getByTestId("current-workspace")).toHaveText("Acme IT Services");
  await expect(page.getByText("Provider workspace")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No workflows yet — create one" })).toBeVisible();
  await expect(page.getByTestId("user-email")).toHaveText(SEED_OWNER.email);
  const providerUrl = page.url();
  await page.screenshot({ path: "docs/screenshots/workflows-empty.png" });

  // The switcher lists the provider first, then its clients, each marked.
  await page.getByRole("button", { name: "Switch workspace" }).click();
  const items = page.getByRole("menuitem").filter({ has: page.getByText(/^(Provider|Client)$/) });
  await expect(items).toHaveText([/Acme IT Services\s*Provider/, /Contoso Dental\s*Client/, /Northwind Traders\s*Client/]);
  // Below them, the current workspace's members and its clients.
  await expect(page.getByRole("menuitem", { name: "Members of Acme IT Services" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Clients of Acme IT Services" })).toBeVisible();
  await page.screenshot({ path: "docs/screenshots/workspace-switcher.png" });
  await items.filter({ hasText: "Northwind Traders" }).click();

  await expect(page).not.toHaveURL(providerUrl);
  await expect(page).toHaveURL(/\/w\/[^/]+\/workflows$/);
  await expect(page.getByTestId("current-workspace")).toHaveText("Northwind Traders");
  await expect(page.getByText("Client workspace")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No workflows yet" })).toBeVisible();

  await page.getByRole("button", { name: `Account: ${SEED_OWNER.email}` }).click();
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(providerUrl);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
});
