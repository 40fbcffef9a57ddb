// The client review page says when the provider's re-push sends one of the client's secrets to a
// host it did not go to before: a secret's value is not bound to an address as credentials are.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("the review of a re-pushed copy says which step now sends which secret where", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-secret-${tag}@example.test`;
  await createProviderOwner(`Secret MSP ${tag}`, email, "push-secret-pw-1");
  await signIn(page, email, "push-secret-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Contoso ${tag}` } });
  const clientId = ((await client.json()) as { id: string }).id;

  const steps = (host: string) => [
    { id: "hook", kind: "webhook", config: {} },
    { id: "ticket", kind: "http", name: "Create ticket", config: { method: "POST", url: `https://${host}/tickets`, headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } },
  ];
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: `Tickets ${tag}`, steps: steps("old.example.com") } });
  const source = (await created.json()) as { id: string; version: number };
  const first = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(first.status(), await first.text()).toBe(201);
  const copy = ((await first.json()) as { copy: { id: string } }).copy.id;
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await expect(page.getByRole("list", { name: "Review checklist" })).toBeVisible();
  await expect(page.getByTestId("review-notice")).toHaveCount(0);

  const moved = await page.request.put(`/api/v1/workflows/${source.id}`, { data: { name: `Tickets ${tag}`, version: source.version, steps: steps("new.example.com") } });
  expect(moved.status(), await moved.text()).toBe(200);
  const again = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(again.status(), await again.text()).toBe(200);
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await expect(page.getByTestId("review-notice")).toContainText(
    "step 2 (Create ticket) now sends secret PSA_KEY to https://new.example.com (was https://old.example.com)",
  );
});

test("the review says why a copy whose step sends a secret to a host a delivery names cannot go Live, and what the provider must change", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-secret-host-${tag}@example.test`;
  await createProviderOwner(`Secret host MSP ${tag}`, email, "push-secret-pw-1");
  await signIn(page, email, "push-secret-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Fabrikam ${tag}` } });
  const clientId = ((await client.json()) as { id: string }).id;

  const steps = (url: string) => [
    { id: "hook", kind: "webhook", config: {} },
    { id: "cb", kind: "http", name: "Call back", config: { method: "POST", url, headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } },
  ];
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: `Call back ${tag}`, steps: steps("https://psa.example.com/done") } });
  const source = (await created.json()) as { id: string; version: number };
  const first = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(first.status(), await first.text()).toBe(201);
  const copy = ((await first.json()) as { copy: { id: string } }).copy.id;
  const moved = await page.request.put(`/api/v1/workflows/${source.id}`, { data: { name: `Call back ${tag}`, version: source.version, steps: steps("https://{{ 1.callback_host }}/done") } });
  expect(moved.status(), await moved.text()).toBe(200);
  expect((await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } })).status()).toBe(200);

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const notices = page.getByTestId("review-notice");
  await expect(notices).toHaveCount(2);
  await expect(notices.nth(0)).toContainText("step 2 (Call back) now sends secret PSA_KEY to a URL the workflow builds: https://{{ 1.callback_host }}/done");
  await expect(notices.nth(1)).toHaveText(
    "Step 2 (Call back): This copy cannot go Live until it is changed: the step takes the host of its address from the data each run receives (https://{{ 1.callback_host }}), " +
      "so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret PSA_KEY goes. " +
      "Ask your provider to write the host in the step's URL, or to take it from a variable you fill in.",
  );
});
