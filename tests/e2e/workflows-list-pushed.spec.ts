// A pushed copy in the client's Workflows list says where it came from and how much of its review
// is open (found by QA: beside the client's own workflow of the same name it was an identical row,
// "EDR alert triage · Webhook · Draft · Never run"); the count leads to the review.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("a pushed copy's row names its provider and its open review items, beside the client's own workflow of the same name", async ({ page }) => {
  const { ws: provider, name: providerName } = await signInToOwnProvider(page, "list-pushed");
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "List Client" } })).json()) as { id: string }).id;
  const steps = [{ id: "hook", kind: "webhook", config: {} }];
  expect((await page.request.post(`/api/v1/workspaces/${clientId}/workflows`, { data: { name: "EDR alert triage", steps } })).status()).toBe(201);
  const source = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: "EDR alert triage", steps: [...steps, { id: "post", kind: "http", name: "Post", config: { method: "POST", url: "https://chat.example/post", body: { type: "raw", raw: "{{ vars.TEAM }}" } } }] },
  });
  const pushed = await page.request.post(`/api/v1/workflows/${((await source.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows`);
  const rows = page.getByTestId("workflow-row");
  await expect(rows).toHaveCount(2);
  const copyRow = page.locator(`[data-testid="workflow-row"][data-workflow-id="${copy}"]`);
  await expect(copyRow.getByTestId("workflow-pushed-from")).toHaveText(`Pushed from ${providerName} · Review: 2 items open`);
  await expect(rows.filter({ hasNot: page.getByTestId("workflow-pushed-from") })).toHaveCount(1);

  // The search finds it as its row reads; the count leads to its review.
  await page.getByRole("searchbox", { name: "Search workflows" }).fill("pushed");
  await expect(rows).toHaveCount(1);
  await copyRow.getByRole("link", { name: "Review: 2 items open" }).click();
  await page.waitForURL((u) => u.pathname === `/w/${clientId}/workflows/${copy}/review`);
});
