// Two things a user could not tell from the push pages (found by a11y review and QA):
// - while the preflight loads after a client is picked, the Push page's polite live region says
//   "Checking what the push needs…" (the text below the picker was not announced), and then that
//   the preflight loaded;
// - a viewer of the client workspace reads the review's to-dos with a note that their role cannot
//   complete them, and who can — the editor says "View only · your role here is viewer" too.
import { expect, test } from "@playwright/test";
import { createMember } from "./e2e-database";
import { signInToOwnProvider } from "./own-provider";
import { signIn } from "./sign-in";

test("picking a client announces that the preflight is being checked, then that it loaded", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "push-announce")).ws;
  const clientName = "Announce Client";
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } });
  expect(client.status(), await client.text()).toBe(201);
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: "Announced", steps: [{ kind: "webhook", config: {} }] } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/w/${provider}/workflows/${((await created.json()) as { id: string }).id}/push`);

  // The preflight answer is held until the announcement has been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route((url) => url.pathname.endsWith("/push-preflight"), async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Client workspace").selectOption({ label: clientName });
  const region = page.getByTestId("announcement");
  await expect(region).toHaveText("Checking what the push needs…");
  release();
  await expect(page.getByRole("heading", { name: `Preflight for ${clientName}` })).toBeVisible();
  await expect(region).toHaveText(`Preflight for ${clientName} loaded, below.`);
});

test("a viewer of the client reads the review's to-dos with a note that their role cannot complete them", async ({ page }) => {
  const { ws: provider, tag } = await signInToOwnProvider(page, "review-viewer");
  const clientName = `Viewer Client ${tag}`;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } });
  const clientId = ((await client.json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: {
      name: `Viewer review ${tag}`,
      steps: [
        { kind: "webhook", config: {} },
        { kind: "http", name: "Create ticket", config: { method: "POST", url: "https://psa.example.com/tickets", headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await createMember(clientName, `viewer-${tag}@example.test`, "review-viewer-pw-2", "viewer");
  await page.context().clearCookies();
  await signIn(page, `viewer-${tag}@example.test`, "review-viewer-pw-2");
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const list = page.getByRole("list", { name: "Review checklist" });
  await expect(list).toBeVisible();
  // The to-dos are there to read, without controls…
  await expect(list.getByText(/PSA_KEY/).first()).toBeVisible();
  await expect(list.getByRole("button")).toHaveCount(0);
  await expect(list.getByRole("textbox")).toHaveCount(0);
  // …and the page says why, and who completes them.
  const note = `View only · your role here is viewer: an editor or owner of ${clientName} completes these.`;
  await expect(page.getByTestId("review-view-only")).toHaveText(note);
  await expect(list).toHaveAccessibleDescription(note);
});
