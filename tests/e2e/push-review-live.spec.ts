// A Live pushed copy in the browser keeps what Live needs: its review's account list no longer
// offers "Choose an account…" (none) for a step that has one, and removing the client's own
// webhook secret in the editor asks first and is then refused in words, since the review never
// accepted unsigned deliveries.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("a Live copy's account cannot be cleared and its secret cannot be dropped silently", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-live-${tag}@example.test`;
  await createProviderOwner(`Live MSP ${tag}`, email, "push-live-pw-1");
  await signIn(page, email, "push-live-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Tailspin ${tag}` } })).json()) as { id: string }).id;
  const providerPsa = await page.request.post(`/api/v1/workspaces/${provider}/connections`, { data: { app: "psa", name: "Provider PSA", credentials: { username: "p", password: "provider-pass" } } });
  const clientPsa = await page.request.post(`/api/v1/workspaces/${clientId}/connections`, { data: { app: "psa", name: "Tailspin PSA", credentials: { username: "u", password: "tailspin-pass" } } });
  expect(clientPsa.status(), await clientPsa.text()).toBe(201);
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: {
      name: `Tickets ${tag}`,
      steps: [
        { id: "hook", kind: "webhook", name: "Hook", config: { sharedSecret: "provider-secret" } },
        { id: "s2", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", connectionId: ((await providerPsa.json()) as { connection: { id: string } }).connection.id } },
      ],
    },
  });
  const workflowId = ((await created.json()) as { id: string }).id;
  const pushed = await page.request.post(`/api/v1/workflows/${workflowId}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const checklist = page.getByRole("list", { name: "Review checklist" });
  const account = checklist.getByTestId("review-account-s2");
  await expect(account).toHaveAttribute("data-done", "true");
  // In Draft, the account may still be cleared.
  await expect(account.getByRole("option", { name: "Choose an account…" })).toBeEnabled();
  await checklist.getByLabel("Webhook shared secret").fill("tailspin-secret");
  await checklist.getByRole("button", { name: "Save secret" }).click();
  await expect(checklist.getByTestId("review-webhook-secret")).toHaveAttribute("data-done", "true");
  await checklist.getByRole("button", { name: "I reviewed the configuration" }).click();
  await expect(page.getByText("Every item is complete.")).toBeVisible();
  await page.getByRole("button", { name: "Go live" }).click();
  await expect(page.getByText("This workflow is Live.")).toBeVisible();

  await expect(account.getByRole("option", { name: "Choose an account…" })).toBeDisabled();
  await expect(account.getByText("Live: the step keeps an account. Switch to Draft to remove it.")).toBeVisible();
  await expect(account.getByLabel("Account for step 2")).toHaveValue(((await clientPsa.json()) as { connection: { id: string } }).connection.id);

  // The editor: removing the secret asks first, then the save is refused with the reason.
  await page.goto(`/w/${clientId}/workflows/${copy}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Configure" }).click();
  await panel.getByRole("button", { name: "Remove the secret" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("This workflow is Live: once saved, any request to its URL starts a run");
  await dialog.getByRole("button", { name: "Remove the secret" }).click();
  const state = page.getByTestId("editor-header").locator("[data-save-state]");
  await expect(state).toHaveAttribute("data-save-state", "error");
  await expect(state).toContainText("this pushed workflow is Live, and the change would leave its review incomplete");
  const saved = (await (await page.request.get(`/api/v1/workflows/${copy}`)).json()) as { steps: { config: { sharedSecret?: unknown } }[] };
  expect(saved.steps[0].config.sharedSecret).toEqual({ set: true });
});
