// An HTTP Request on a relative URL with no account (a blueprint installed with "No account for
// now") in the browser: the preflight flags it, the client's checklist asks which account it uses
// (no "Every item is complete." before), and Go live then succeeds.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("a step that needs an account is on the preflight and the checklist, and Go live follows it", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-acct-${tag}@example.test`;
  await createProviderOwner(`Account MSP ${tag}`, email, "push-acct-pw-1");
  await signIn(page, email, "push-acct-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = `Fabrikam ${tag}`;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: client } })).json()) as { id: string }).id;
  const account = await page.request.post(`/api/v1/workspaces/${clientId}/connections`, { data: { app: "psa", name: "Fabrikam PSA", credentials: { username: "u", password: "fabrikam-pass" } } });
  expect(account.status(), await account.text()).toBe(201);
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Relative ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/ping" } }] },
  });
  const workflowId = ((await created.json()) as { id: string }).id;

  await page.goto(`/w/${provider}/workflows/${workflowId}/push`);
  await page.getByLabel("Client workspace").selectOption({ label: client });
  await expect(page.getByTestId("preflight-account-call")).toContainText("step 2 (Call) has no account but needs one");
  await expect(page.getByTestId("preflight-account-call")).toContainText("arrives without an account");
  await page.getByRole("button", { name: `Push to ${client}` }).click();
  await expect(page.getByRole("status")).toContainText(`Pushed a new copy to ${client}`);
  const copies = (await (await page.request.get(`/api/v1/workflows/${workflowId}/pushes`)).json()) as { copies: { copyWorkflowId: string }[] };
  const copy = copies.copies[0].copyWorkflowId;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const checklist = page.getByRole("list", { name: "Review checklist" });
  const item = checklist.getByTestId("review-account-call");
  await expect(item).toHaveAttribute("data-done", "false");
  await expect(item).toContainText("Choose which account step 2 (Call) uses");
  await checklist.getByRole("button", { name: "I reviewed the configuration" }).click();
  await expect(checklist.getByTestId("review-confirm")).toHaveAttribute("data-done", "true");
  await expect(page.getByText("1 item still open.")).toBeVisible();
  await item.getByLabel("Account for step 2").selectOption({ label: "Fabrikam PSA" });
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(page.getByText("Every item is complete.")).toBeVisible();
  await page.getByRole("button", { name: "Go live" }).click();
  await expect(page.getByText("This workflow is Live.")).toBeVisible();
});
