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
  await item.getByRole("button", { name: "Use this account" }).click();
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(page.getByText("Every item is complete.")).toBeVisible();
  await page.getByRole("button", { name: "Go live" }).click();
  await expect(page.getByText("This workflow is Live.")).toBeVisible();
});

test("the checklist says where a step's own URL sends the account's credentials before the client picks one", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-dest-${tag}@example.test`;
  await createProviderOwner(`Destination MSP ${tag}`, email, "push-dest-pw-1");
  await signIn(page, email, "push-dest-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = `Tailspin ${tag}`;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: client } })).json()) as { id: string }).id;
  // Generic HTTP accounts without a base URL: the step's absolute URL alone decides where their
  // credentials go.
  for (const ws of [provider, clientId]) {
    const account = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "http", name: `API ${ws === provider ? "provider" : "client"}`, authKind: "bearer", credentials: { token: "t0k3n" } } });
    expect(account.status(), await account.text()).toBe(201);
  }
  const providerAccount = ((await (await page.request.get(`/api/v1/workspaces/${provider}/connections`)).json()) as { connections: { id: string }[] }).connections[0].id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Absolute ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Call", config: { method: "POST", url: "https://psa.vendor.example/tickets", connectionId: providerAccount } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workflowId = ((await created.json()) as { id: string }).id;
  const pushed = await page.request.post(`/api/v1/workflows/${workflowId}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBeLessThan(300);
  const copy = ((await (await page.request.get(`/api/v1/workflows/${workflowId}/pushes`)).json()) as { copies: { copyWorkflowId: string }[] }).copies[0].copyWorkflowId;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const item = page.getByRole("list", { name: "Review checklist" }).getByTestId("review-account-call");
  await expect(item.getByTestId("account-destination")).toHaveText("Sends the account's credentials to https://psa.vendor.example");
  await expect(item.getByLabel("Account for step 2")).toHaveAccessibleDescription(/Sends the account's credentials to https:\/\/psa\.vendor\.example/);
});
