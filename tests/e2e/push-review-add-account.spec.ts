// "Add an account" on the client's review: the accounts page says it leads back, a successful add
// returns to the review (not left on the accounts page), and there the new account — the only one
// that fits the step — is preselected and said so, saved only when the client uses it. A returnTo
// that is not a path on this site is ignored (no open redirect).
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("adding an account from the review comes back to the review with it preselected", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-add-${tag}@example.test`;
  await createProviderOwner(`Add MSP ${tag}`, email, "push-add-pw-1");
  await signIn(page, email, "push-add-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Northwind ${tag}` } })).json()) as { id: string }).id;
  // A relative URL with no account (a blueprint installed with "No account for now"): the client has no account yet.
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Relative ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/ping" } }] },
  });
  const workflowId = ((await created.json()) as { id: string }).id;
  const pushed = await page.request.post(`/api/v1/workflows/${workflowId}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  const reviewPath = `/w/${clientId}/workflows/${copy}/review`;

  await page.goto(reviewPath);
  const item = page.getByRole("list", { name: "Review checklist" }).getByTestId("review-account-call");
  await item.getByRole("link", { name: "Add an account" }).click();
  await page.waitForURL((u) => u.pathname === `/w/${clientId}/connections`);
  await expect(page.getByTestId("connections-return")).toContainText("Adding an account takes you back to the review.");
  await expect(page.getByTestId("connections-return").getByRole("link", { name: "Back to the review" })).toHaveAttribute("href", reviewPath);

  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "PSA / ticketing" });
  await form.getByLabel("Account name").fill("Northwind PSA");
  await form.getByLabel("Username", { exact: true }).fill("u");
  await form.getByLabel("Password", { exact: true }).fill("northwind-pass");
  await form.getByRole("button", { name: "Add account" }).click();

  await page.waitForURL((u) => u.pathname === reviewPath && u.searchParams.has("added"));
  const select = item.getByLabel("Account for step 2");
  await expect(select.locator("option:checked")).toHaveText("Northwind PSA");
  await expect(item.getByTestId("account-preselected")).toContainText("Preselected “Northwind PSA”, the account you just added: it is the only one that fits this step. Not saved yet");
  // Preselected is not chosen: the item stays open until the client uses it.
  await expect(item).toHaveAttribute("data-done", "false");
  await item.getByRole("button", { name: "Use this account" }).click();
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(item.getByTestId("account-preselected")).toHaveCount(0);
  await expect(select.locator("option:checked")).toHaveText("Northwind PSA");
});

test("a returnTo that is not a path on this site is ignored", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-ret-${tag}@example.test`;
  await createProviderOwner(`Return MSP ${tag}`, email, "push-ret-pw-1");
  await signIn(page, email, "push-ret-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  for (const returnTo of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
    await page.goto(`/w/${provider}/connections?returnTo=${encodeURIComponent(returnTo)}`);
    await expect(page.getByRole("form", { name: "Add an account" })).toBeVisible();
    await expect(page.getByTestId("connections-return")).toHaveCount(0);
  }
  // And an add there stays on the accounts page, as without returnTo.
  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "PSA / ticketing" });
  await form.getByLabel("Account name").fill("Own PSA");
  await form.getByLabel("Username", { exact: true }).fill("u");
  await form.getByLabel("Password", { exact: true }).fill("own-pass");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByTestId("account-Own PSA")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/w/${provider}/connections`);
});

test("back on the review, the new account is preselected only where it is the only one that fits an item with no choice", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-pre-${tag}@example.test`;
  await createProviderOwner(`Preselect MSP ${tag}`, email, "push-pre-pw-1");
  await signIn(page, email, "push-pre-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Litware ${tag}` } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Two calls ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/ping" } }, { id: "ai", kind: "ai_prompt", name: "Ask", config: { prompt: "hi" } }] },
  });
  const workflowId = ((await created.json()) as { id: string }).id;
  const pushed = await page.request.post(`/api/v1/workflows/${workflowId}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  // The account the client just added (the accounts page leads back with ?added=ID).
  const account = await page.request.post(`/api/v1/workspaces/${clientId}/connections`, { data: { app: "psa", name: "Litware PSA", credentials: { username: "u", password: "litware-pass" } } });
  expect(account.status(), await account.text()).toBe(201);
  const added = ((await account.json()) as { connection: { id: string } }).connection.id;
  const checklist = page.getByRole("list", { name: "Review checklist" });

  // Without ?added nothing is preselected.
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await expect(checklist.getByTestId("review-account-call").getByLabel("Account for step 2").locator("option:checked")).toHaveText("Choose an account…");
  await expect(page.getByTestId("account-preselected")).toHaveCount(0);

  await page.goto(`/w/${clientId}/workflows/${copy}/review?added=${added}`);
  const call = checklist.getByTestId("review-account-call");
  await expect(call.getByLabel("Account for step 2").locator("option:checked")).toHaveText("Litware PSA");
  await expect(call.getByLabel("Account for step 2")).toHaveAccessibleDescription(/Preselected “Litware PSA”, the account you just added/);
  await expect(call).toHaveAttribute("data-done", "false");
  // The AI step cannot use a PSA account: nothing is preselected there.
  await expect(checklist.getByTestId("review-account-ai").getByTestId("account-preselected")).toHaveCount(0);
  await call.getByRole("button", { name: "Use this account" }).click();
  await expect(call).toHaveAttribute("data-done", "true");
  const review = (await (await page.request.get(`/api/v1/workflows/${copy}/review`)).json()) as { items: { kind: string; stepId?: string; connectionId?: string | null }[] };
  expect(review.items.find((i) => i.stepId === "call")?.connectionId).toBe(added);
});
