// The review's account list by keyboard: going through the accounts with the arrow keys saves
// nothing — "Use this account" saves the one the client stops on. Each change used to save (and
// record an `account_chosen` audit event): ArrowDown twice saved the first account, and the second
// key press was lost while the list was disabled for that save.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("arrowing through the account list saves nothing; Use this account saves the account stopped on", async ({ page }) => {
  const { ws: provider, tag } = await signInToOwnProvider(page, "review-acct-kbd");
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Arrow Client ${tag}` } });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const ids: string[] = [];
  for (const name of ["Arrow PSA One", "Arrow PSA Two"]) {
    const account = await page.request.post(`/api/v1/workspaces/${clientId}/connections`, { data: { app: "psa", name, credentials: { username: "u", password: "arrow-pass" } } });
    expect(account.status(), await account.text()).toBe(201);
    ids.push(((await account.json()) as { connection: { id: string } }).connection.id);
  }
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Arrow review ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "/ping", app: "psa" } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  const saves: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PUT" && r.url().includes(`/review/accounts/`)) saves.push(r.postData() ?? "");
  });
  const chosen = async () => ((await (await page.request.get(`/api/v1/workflows/${copy}/review`)).json()) as { items: { stepId?: string; connectionId?: string | null }[] }).items.find((i) => i.stepId === "call")?.connectionId ?? null;
  const audited = async () =>
    ((await (await page.request.get(`/api/v1/workspaces/${clientId}/audit?workflowId=${copy}`)).json()) as { events: { action: string }[] }).events.filter((e) => e.action === "account_chosen").length;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const item = page.getByRole("list", { name: "Review checklist" }).getByTestId("review-account-call");
  const list = item.getByLabel("Account for step 2");
  await expect(list.locator("option:checked")).toHaveText("Choose an account…");
  await list.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(list.locator("option:checked")).toHaveText("Arrow PSA Two");
  await expect(list).toBeFocused();
  // Nothing saved on the way: the item is open, the copy has no account, no event was recorded.
  await expect(item).toHaveAttribute("data-done", "false");
  expect(saves).toEqual([]);
  expect(await chosen()).toBeNull();
  expect(await audited()).toBe(0);

  // The next Tab reaches the button that saves the account stopped on.
  await page.keyboard.press("Tab");
  const use = item.getByRole("button", { name: "Use this account" });
  await expect(use).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(use).toHaveCount(0);
  // The button is gone: focus is back on the list, which shows the saved account.
  await expect(list).toBeFocused();
  await expect(list.locator("option:checked")).toHaveText("Arrow PSA Two");
  await expect(item.getByTestId("announcement")).toHaveText("Step 2 uses Arrow PSA Two.");
  expect(saves).toHaveLength(1);
  expect(await chosen()).toBe(ids[1]);
  expect(await audited()).toBe(1);
});
