// The client review after things changed elsewhere (found by QA). A value typed on the review and
// kept for the way back, for a variable then set on the Variables page: Back shows the item done
// (the page is read again), and the kept draft — older than the saved value — is dropped, said so,
// instead of sitting in the box for Save to overwrite the newer value; a reload keeps it gone. And
// a review that was lost (the copy deleted) offers none of its actions: not "Add an account" nor
// "Upload", and its value boxes take no typing, as its buttons already did not.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

async function pushedCopy(page: Page, what: string, steps: Record<string, unknown>[]) {
  const provider = (await signInToOwnProvider(page, what)).ws;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "Elsewhere Client" } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: "Queue ticket", steps } });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  return { clientId, copy, reviewPath: `/w/${clientId}/workflows/${copy}/review`, checklist: page.getByRole("list", { name: "Review checklist" }) };
}

const hook = { id: "hook", kind: "webhook", config: {} };

test("a value kept on the review for a variable set meanwhile on the Variables page is dropped, and Back shows it done", async ({ page }) => {
  const { clientId, reviewPath, checklist } = await pushedCopy(page, "review-elsewhere", [
    hook,
    { id: "call", kind: "http", name: "Queue", config: { method: "POST", url: "https://psa.example/queue", body: { type: "raw", raw: "{{ vars.QNEW }}" } } },
  ]);
  await page.goto(reviewPath);
  const item = checklist.getByTestId("review-variable-QNEW");
  const box = item.getByLabel("Value of QNEW");
  await box.fill("typed-on-review");
  await expect(item).toHaveAttribute("data-done", "false");

  // The top bar's Variables link, and the value set there.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Variables" }).click();
  await page.waitForURL((u) => u.pathname === `/w/${clientId}/variables`);
  const row = page.getByTestId("variable-QNEW");
  await row.getByLabel("New value for QNEW").fill("set-on-variables");
  await row.getByRole("button", { name: "Set" }).click();
  await expect(row).toContainText("set-on-variables");

  await page.goBack();
  await page.waitForURL((u) => u.pathname === reviewPath);
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(item).toContainText("Variable QNEW has a value");
  await expect(box).toHaveValue("");
  await expect(item.getByTestId("value-outdated")).toHaveText("What you typed here before was not saved, and QNEW has been set since: it was dropped, so Save cannot overwrite the newer value.");
  await expect(item.getByTestId("value-kept")).toHaveCount(0);
  expect(await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))).not.toContain("typed-on-review");

  await page.reload();
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(box).toHaveValue("");
  await expect(item.getByTestId("value-kept")).toHaveCount(0);

  // Typed again while done ("Replace value"), a value is kept for the way back as before.
  await box.fill("replacement");
  await page.reload();
  await expect(box).toHaveValue("replacement");
  await expect(item.getByTestId("value-kept")).toBeVisible();
});

test("a lost review offers neither Add an account nor Upload, and its value boxes take no typing", async ({ page }) => {
  const { reviewPath, copy, checklist } = await pushedCopy(page, "review-lost-links", [
    hook,
    { id: "call", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", headers: [{ name: "x-key", value: "{{ secrets.PSA_KEY }}" }], body: { type: "raw", raw: "{{ vars.QUEUE_NAME }} {{ files.notes.txt }}" } } },
  ]);
  await page.goto(reviewPath);
  const account = checklist.getByTestId("review-account-call");
  const upload = checklist.getByTestId("review-file-notes.txt");
  const queue = checklist.getByLabel("Value of QUEUE_NAME");
  const psaKey = checklist.getByLabel("Value of PSA_KEY");
  await expect(account.getByRole("link", { name: "Add an account" })).toBeVisible();
  await expect(upload.getByRole("link", { name: "Upload" })).toBeVisible();
  await queue.fill("Service desk");

  expect((await page.request.delete(`/api/v1/workflows/${copy}`)).ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  await expect(page.getByTestId("page-lost")).toHaveText("You can no longer change this review: this workflow was deleted.", { timeout: 15_000 });
  await expect(account.getByRole("link")).toHaveCount(0);
  await expect(upload.getByRole("link")).toHaveCount(0);
  await expect(account.getByRole("button", { name: "Add an account" })).toBeDisabled();
  await expect(upload.getByRole("button", { name: "Upload" })).toBeDisabled();
  await expect(queue).toBeDisabled();
  await expect(queue).toHaveValue("Service desk"); // what was typed stays to be seen
  await expect(psaKey).toBeDisabled();
  await expect(checklist.getByLabel("Webhook shared secret")).toHaveCount(0); // no signed trigger here
});

test("a key that exists as the other kind is set again as the kind the workflow reads from its review item", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "review-kind")).ws;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "Kind Client" } })).json()) as { id: string }).id;
  // The client has CHAT_KEY as a plain variable; the workflow reads it as a secret.
  expect((await page.request.put(`/api/v1/workspaces/${clientId}/variables/CHAT_KEY`, { data: { value: "plain-chat-key" } })).status()).toBe(201);
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: "Chat alert", steps: [hook, { id: "chat", kind: "http", name: "Post", config: { method: "POST", url: "https://chat.example/post", headers: [{ name: "x-key", value: "{{ secrets.CHAT_KEY }}" }] } }] },
  });
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const item = page.getByRole("list", { name: "Review checklist" }).getByTestId("review-secret-CHAT_KEY");
  await expect(item).toContainText('CHAT_KEY exists as a plain variable but the workflow reads it as a secret: type its value in "Value of CHAT_KEY" and Save, and it is saved as a secret in its place');
  const box = item.getByLabel("Value of CHAT_KEY");
  await expect(box).toHaveAttribute("type", "password");
  await box.fill("secret-chat-key");
  await box.press("Enter");
  await expect(item).toHaveAttribute("data-done", "true");
  const vars = (await (await page.request.get(`/api/v1/workspaces/${clientId}/variables`)).json()) as { variables: { key: string; secret: boolean; hasValue: boolean }[] };
  expect(vars.variables.find((v) => v.key === "CHAT_KEY")).toMatchObject({ secret: true, hasValue: true });
});

test("a value typed on the review (not saved) for a variable then set elsewhere stays, and the page says Save replaces that value", async ({ page }) => {
  const { clientId, reviewPath, checklist } = await pushedCopy(page, "review-overtaken", [
    hook,
    { id: "call", kind: "http", name: "Queue", config: { method: "POST", url: "https://psa.example/queue", body: { type: "raw", raw: "{{ vars.PSA_TENANT }} {{ vars.PSA_QUEUE }}" } } },
  ]);
  await page.goto(reviewPath);
  const tenant = checklist.getByTestId("review-variable-PSA_TENANT");
  const box = tenant.getByLabel("Value of PSA_TENANT");
  await box.fill("tenant-typed");

  // Set in another tab meanwhile; saving another item reloads the review.
  const elsewhere = await page.request.put(`/api/v1/workspaces/${clientId}/variables/PSA_TENANT`, { data: { value: "tenant-elsewhere", secret: false } });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
  const queue = checklist.getByTestId("review-variable-PSA_QUEUE");
  await queue.getByLabel("Value of PSA_QUEUE").fill("Service desk");
  await queue.getByRole("button", { name: "Save PSA_QUEUE" }).click();
  await expect(queue).toHaveAttribute("data-done", "true");

  await expect(tenant).toHaveAttribute("data-done", "true");
  await expect(box).toHaveValue("tenant-typed");
  const said = tenant.getByTestId("value-overtaken");
  await expect(said).toHaveText("PSA_TENANT was set elsewhere since you typed this: Save replaces that value.");
  await expect(box).toHaveAccessibleDescription("PSA_TENANT was set elsewhere since you typed this: Save replaces that value.");

  // Saved anyway, it is the client's word: the notice goes with the typed value.
  await tenant.getByRole("button", { name: "Save PSA_TENANT" }).click();
  await expect(box).toHaveValue("");
  await expect(said).toHaveCount(0);
  const vars = (await (await page.request.get(`/api/v1/workspaces/${clientId}/variables`)).json()) as unknown;
  expect(JSON.stringify(vars)).toContain("tenant-typed");
});
