// Push end to end in a real browser: the provider technician pushes a workflow to one client
// with the preflight shown, then the client admin signs in, adds its own account, fills in
// the empty secret and the webhook's own shared secret (the provider's is not copied), confirms
// the review and goes Live (refused before the checklist is done).
import { expect, test, type Browser } from "@playwright/test";
import { SEED_OWNER } from "../../playwright.config";
import { createClientAdmin } from "./e2e-database";
import { signIn } from "./sign-in";

const CLIENT = "Northwind Traders";

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("push provider → client with preflight; the client admin completes the review and goes Live", async ({ browser }) => {
  test.setTimeout(180_000);
  const tech = await newPage(browser);
  await signIn(tech, SEED_OWNER.email, SEED_OWNER.password);
  const { workspaces } = (await (await tech.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string; name: string; kind: string }[] };
  const provider = workspaces.find((w) => w.kind === "provider")!;
  const client = workspaces.find((w) => w.name === CLIENT)!;

  // The provider's workflow: a webhook with sample data and a directory call using a secret.
  const account = await tech.request.post(`/api/v1/workspaces/${provider.id}/connections`, {
    data: { app: "directory", name: "Acme Graph", authKind: "bearer", credentials: { token: "acme-graph-token" } },
  });
  expect(account.status()).toBe(201);
  await tech.request.put(`/api/v1/workspaces/${provider.id}/variables/GRAPH_KEY`, { data: { value: "acme-only-value", secret: true } });
  const created = await tech.request.post(`/api/v1/workspaces/${provider.id}/workflows`, {
    data: {
      name: `New-hire provisioning ${Date.now()}`,
      steps: [
        { id: "hook", kind: "webhook", config: { sharedSecret: "acme-hook-secret", signatureHeader: "X-Sig", testingData: { firstName: "Alice", manager: "boss@acme.example" } } },
        { id: "user", kind: "http", name: "Create user", config: { method: "POST", url: "/users", headers: [{ name: "x-key", value: "{{ secrets.GRAPH_KEY }}" }], connectionId: (await account.json()).connection.id } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string; name: string };

  // Push from the editor header's link; the preflight shows before anything is written.
  await tech.goto(`/w/${provider.id}/workflows/${wf.id}`);
  await tech.getByRole("link", { name: "Push to client" }).click();
  await expect(tech.getByRole("heading", { name: `Push “${wf.name}”` })).toBeVisible();
  await tech.getByLabel("Client workspace").selectOption({ label: CLIENT });
  const preflight = tech.getByTestId("preflight");
  await expect(preflight).toBeVisible();
  await expect(preflight.getByTestId("preflight-account-user")).toContainText("arrives without an account");
  await expect(preflight.getByTestId("preflight-key-GRAPH_KEY")).toContainText("created without a value");
  await expect(preflight).toContainText("Sample (testing) data may hold your own data");
  await tech.screenshot({ path: test.info().outputPath("push-preflight.png"), fullPage: true });
  const pushButton = tech.getByRole("button", { name: `Push to ${CLIENT}` });
  await expect(pushButton).toBeDisabled(); // sample data needs a decision first
  await tech.getByLabel("Clear it").check();
  await pushButton.click();
  await expect(tech.getByRole("status")).toContainText(`Pushed a new copy to ${CLIENT}`);
  await expect(tech.getByTestId(`copy-${CLIENT}`)).toContainText("Up to date");

  // The client admin signs in to its own workspace only.
  const email = `admin-${Date.now()}@northwind.example`;
  await createClientAdmin(CLIENT, email, "northwind-admin-pass");
  const admin = await newPage(browser);
  await signIn(admin, email, "northwind-admin-pass");
  await admin.goto(`/w/${client.id}/workflows`);
  await admin.getByRole("link", { name: wf.name }).click();
  await admin.getByRole("link", { name: /Client review/ }).click();
  await expect(admin.getByRole("heading", { name: `Review “${wf.name}”` })).toBeVisible();
  const checklist = admin.getByRole("list", { name: "Review checklist" });
  await expect(checklist.getByTestId("review-account-user")).toHaveAttribute("data-done", "false");
  await expect(checklist.getByTestId("review-secret-GRAPH_KEY")).toHaveAttribute("data-done", "false");
  const hookSecret = checklist.getByTestId("review-webhook-secret");
  await expect(hookSecret).toHaveAttribute("data-done", "false");
  await expect(hookSecret).toContainText("header X-Sig");

  // Go live is refused while items are open, and says what is missing.
  await admin.getByRole("button", { name: "Go live" }).click();
  await expect(admin.getByText(/cannot go Live until its review is complete/)).toBeVisible();

  // Add the client's own directory account on the Connections page, which leads back to the review.
  await checklist.getByTestId("review-account-user").getByRole("link", { name: "Add an account" }).click();
  await admin.getByLabel("App").selectOption({ label: "Directory / identity" });
  await admin.getByLabel("Account name").fill("Northwind Graph");
  await admin.getByLabel("Authentication").selectOption("bearer");
  await admin.getByLabel("Token", { exact: true }).fill("northwind-graph-token");
  await admin.getByRole("button", { name: "Add account" }).click();

  // Back on the review by itself, the new account preselected: use it, fill in the secret, confirm, go Live.
  await admin.waitForURL((u) => u.pathname.endsWith("/review"));
  await checklist.getByTestId("review-account-user").getByRole("button", { name: "Use this account" }).click();
  await expect(checklist.getByTestId("review-account-user")).toHaveAttribute("data-done", "true");
  await checklist.getByLabel("Value of GRAPH_KEY").fill("northwind-graph-key");
  await checklist.getByTestId("review-secret-GRAPH_KEY").getByRole("button", { name: "Save" }).click();
  await expect(checklist.getByTestId("review-secret-GRAPH_KEY")).toHaveAttribute("data-done", "true");
  // Accepting unsigned deliveries warns first; the admin sets its own secret instead.
  await hookSecret.getByRole("button", { name: "Accept unsigned deliveries…" }).click();
  await expect(hookSecret.getByTestId("unsigned-warning")).toContainText("anyone who learns this workflow's URL can start runs");
  await hookSecret.getByRole("button", { name: "Cancel" }).click();
  await hookSecret.getByLabel("Webhook shared secret").fill("northwind-hook-secret");
  await hookSecret.getByRole("button", { name: "Save secret" }).click();
  await expect(hookSecret).toHaveAttribute("data-done", "true");
  await expect(hookSecret).toContainText("verifies deliveries with your own shared secret");
  await checklist.getByRole("button", { name: "I reviewed the configuration" }).click();
  await expect(checklist.getByTestId("review-confirm")).toHaveAttribute("data-done", "true");
  await expect(admin.getByText("Every item is complete.")).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath("push-review-complete.png"), fullPage: true });
  await admin.getByRole("button", { name: "Go live" }).click();
  await expect(admin.getByText("This workflow is Live.")).toBeVisible();

  // The provider sees the client's copy Live, and the audit log names who did what.
  await tech.reload();
  await expect(tech.getByTestId(`copy-${CLIENT}`)).toContainText("Live");
  await tech.goto(`/w/${provider.id}/audit`);
  const log = tech.getByRole("table", { name: "Audit log" });
  await expect(log).toContainText("Went live");
  await expect(log).toContainText(email);
  await expect(log).toContainText(SEED_OWNER.email);
});
