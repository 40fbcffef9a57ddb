// The client's review of a pushed copy by keyboard alone, to the end: confirming moves focus to
// what is still open, from where the next Tab reaches Go live (it left the page), and Go live —
// whose button is replaced by "This workflow is Live." — leaves
// focus on that sentence (it fell to <body>: a keyboard user lost their place, and a screen
// reader said nothing of the workflow having gone Live).
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("Go live on the review, by keyboard, leaves focus on the sentence that the workflow is Live", async ({ page }) => {
  const { ws: provider, tag } = await signInToOwnProvider(page, "review-live-kbd");
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Keyboard Client ${tag}` } });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: `Keyboard review ${tag}`, steps: [{ kind: "webhook", config: {} }] } });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await page.getByRole("button", { name: "I reviewed the configuration" }).focus();
  await page.keyboard.press("Enter");
  const summary = page.getByTestId("review-summary");
  await expect(summary).toHaveText("Every item is complete.");
  await expect(summary).toBeFocused();

  // What is still open comes before Go live: the next Tab goes on to it (it left the page).
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Go live" })).toBeFocused();
  await page.keyboard.press("Enter");
  const live = page.getByText("This workflow is Live.");
  await expect(live).toBeVisible();
  await expect(live).toBeFocused();
  const saved = (await (await page.request.get(`/api/v1/workflows/${copy}`)).json()) as { mode: string };
  expect(saved.mode).toBe("live");
});
