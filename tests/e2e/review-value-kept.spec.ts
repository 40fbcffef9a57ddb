// On the client review, a variable's value that the API refuses (over 65,536 characters) stays in
// its field to be corrected, not retyped; a saved one clears it. Its own provider and client.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

// One character over the API's limit on a value (lib/variables/variable-schema.ts).
const TOO_LONG = "x".repeat(65_537);


// Compared by length: a failure then prints a number, not 65,537 characters.
const valueLength = (box: Locator) => expect.poll(async () => (await box.inputValue()).length);
const refusal = (page: Page) => page.getByRole("alert").filter({ hasText: /65536|65,536|too (big|long)/i });

test("a refused value on the client review stays in its field; a saved one clears it", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "review-kept")).ws;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "Kept Client" } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: "Reads a variable", steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://chat.example/hook", body: { type: "raw", raw: "{{ vars.CLEANUP_NOTE }}" } } }] },
  });
  expect(created.status()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const item = page.getByTestId("review-variable-CLEANUP_NOTE");
  await expect(item).toHaveAttribute("data-done", "false");
  const field = item.getByLabel("Value of CLEANUP_NOTE");
  await field.fill(TOO_LONG);
  await field.press("Enter");
  await expect(refusal(page)).toBeVisible();
  await valueLength(field).toBe(TOO_LONG.length);
  await expect(item).toHaveAttribute("data-done", "false");

  await field.fill("Run weekly");
  await field.press("Enter");
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(field).toHaveValue("");
});

test("a refused webhook secret on the client review stays in its field; a saved one clears it", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "review-secret-kept")).ws;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "Secret Client" } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: "Signed intake", steps: [{ kind: "webhook", config: { sharedSecret: "provider-secret", signatureHeader: "X-Signature" } }] },
  });
  expect(created.status()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const item = page.getByTestId("review-webhook-secret");
  await expect(item).toHaveAttribute("data-done", "false");
  const field = item.getByLabel("Webhook shared secret");
  const tooLong = "s".repeat(513); // the API takes at most 512 characters
  await field.fill(tooLong);
  await field.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: /512/ })).toBeVisible();
  await valueLength(field).toBe(tooLong.length);
  await expect(item).toHaveAttribute("data-done", "false");

  await field.fill("client-own-secret");
  await field.press("Enter");
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(field).toHaveValue("");
});
