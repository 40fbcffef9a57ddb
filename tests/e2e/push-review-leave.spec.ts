// Nothing typed on the client review is lost by following "Add an account" (found by QA: all three
// inputs came back empty, unasked). A plain variable's value is kept for the tab and is there
// again, said so, once the account is added and the page leads back; a secret typed and not saved
// is never put in storage, so the link asks first (Stay keeps it; Leave goes). Its own provider.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("Add an account on the review asks about unsaved secrets and keeps a typed variable value for the way back", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "review-leave")).ws;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "Leave Client" } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: {
      name: "Signed ticket intake",
      steps: [
        { id: "hook", kind: "webhook", config: { sharedSecret: "provider-secret", signatureHeader: "X-Signature" } },
        { id: "call", kind: "http", name: "Create ticket", config: { method: "POST", url: "/tickets", headers: [{ name: "x-key", value: "{{ secrets.PSA_KEY }}" }], body: { type: "raw", raw: "{{ vars.QUEUE_NAME }}" } } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  const reviewPath = `/w/${clientId}/workflows/${copy}/review`;

  await page.goto(reviewPath);
  const checklist = page.getByRole("list", { name: "Review checklist" });
  const hookSecret = checklist.getByTestId("review-webhook-secret").getByLabel("Webhook shared secret");
  const psaKey = checklist.getByTestId("review-secret-PSA_KEY").getByLabel("Value of PSA_KEY");
  const queue = checklist.getByTestId("review-variable-QUEUE_NAME").getByLabel("Value of QUEUE_NAME");
  await hookSecret.fill("client-hook-secret-typed");
  await psaKey.fill("client-psa-key-typed");
  await queue.fill("Service desk");

  // The link asks, naming what would be lost; Stay keeps everything as typed.
  const addAccount = checklist.getByTestId("review-account-call").getByRole("link", { name: "Add an account" });
  await addAccount.click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving your secrets?" });
  await expect(dialog).toContainText("You typed the webhook shared secret and the value of PSA_KEY but did not save them.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(reviewPath);
  await expect(hookSecret).toHaveValue("client-hook-secret-typed");
  await expect(psaKey).toHaveValue("client-psa-key-typed");
  await expect(queue).toHaveValue("Service desk");
  // Secrets never go to storage; the plain value does (that is how it survives the round trip).
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(stored).not.toContain("client-hook-secret-typed");
  expect(stored).not.toContain("client-psa-key-typed");
  expect(stored).toContain("Service desk");

  // Leave anyway, add the account, come back: the plain value is there, said to be unsaved.
  await addAccount.click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await page.waitForURL((u) => u.pathname === `/w/${clientId}/connections`);
  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "PSA / ticketing" });
  await form.getByLabel("Account name").fill("Leave PSA");
  await form.getByLabel("Username", { exact: true }).fill("u");
  await form.getByLabel("Password", { exact: true }).fill("leave-pass");
  await form.getByRole("button", { name: "Add account" }).click();
  await page.waitForURL((u) => u.pathname === reviewPath && u.searchParams.has("added"));
  await expect(queue).toHaveValue("Service desk");
  await expect(queue).toHaveAccessibleDescription("Kept from before you left this page. Not saved yet.");
  await expect(hookSecret).toHaveValue("");
  await expect(checklist.getByTestId("review-variable-QUEUE_NAME")).toHaveAttribute("data-done", "false");

  // With no secret typed the links go without a question; a saved value is no longer kept.
  await queue.press("Enter");
  await expect(checklist.getByTestId("review-variable-QUEUE_NAME")).toHaveAttribute("data-done", "true");
  await expect(queue).toHaveValue("");
  await expect.poll(() => page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))).not.toContain("Service desk");
  await checklist.getByTestId("review-account-call").getByRole("combobox").selectOption({ label: "Leave PSA" });
  await expect(checklist.getByTestId("review-account-call")).toHaveAttribute("data-done", "true");
});
