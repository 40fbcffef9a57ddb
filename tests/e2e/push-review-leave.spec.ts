// Nothing typed on the client review is lost by following "Add an account" (found by QA: all three
// inputs came back empty, unasked). A plain variable's value is kept for the tab and is there
// again, said so, once the account is added and the page leads back; a secret typed and not saved
// is never put in storage, so the link asks first (Stay keeps it; Leave goes). The browser's Back
// button asks too, as the editor's does. Its own provider.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

/** A signed webhook and a step reading secret PSA_KEY and variable QUEUE_NAME, pushed to a client
 *  of a provider of the test's own: the copy's review, its three inputs. */
async function pushedReview(page: Page, what: string) {
  const provider = (await signInToOwnProvider(page, what)).ws;
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
  const checklist = page.getByRole("list", { name: "Review checklist" });
  const hookSecret = checklist.getByTestId("review-webhook-secret").getByLabel("Webhook shared secret");
  const psaKey = checklist.getByTestId("review-secret-PSA_KEY").getByLabel("Value of PSA_KEY");
  const queue = checklist.getByTestId("review-variable-QUEUE_NAME").getByLabel("Value of QUEUE_NAME");
  return { clientId, reviewPath, checklist, hookSecret, psaKey, queue };
}

test("Add an account on the review asks about unsaved secrets and keeps a typed variable value for the way back", async ({ page }) => {
  const { clientId, reviewPath, checklist, hookSecret, psaKey, queue } = await pushedReview(page, "review-leave");
  await page.goto(reviewPath);
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
  await checklist.getByTestId("review-account-call").getByRole("button", { name: "Use this account" }).click();
  await expect(checklist.getByTestId("review-account-call")).toHaveAttribute("data-done", "true");
});

test("the browser's Back button on the review asks about unsaved secrets; either way a typed variable value is kept", async ({ page }) => {
  const { reviewPath, hookSecret, psaKey, queue } = await pushedReview(page, "review-back");
  // Opened from the copy's editor, as a client does (Next's own navigation).
  const before = reviewPath.replace(/\/review$/, "");
  await page.goto(before);
  await page.getByRole("link", { name: /^Client review/ }).click();
  await page.waitForURL((u) => u.pathname === reviewPath);
  await psaKey.fill("client-psa-key-typed");
  await queue.fill("Service desk");

  // Back asks, naming the secret; Stay keeps everything as typed, on this page.
  await page.goBack();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving your secrets?" });
  await expect(dialog).toContainText("You typed the value of PSA_KEY but did not save it.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(reviewPath);
  await expect(psaKey).toHaveValue("client-psa-key-typed");
  await expect(queue).toHaveValue("Service desk");
  await expect(hookSecret).toHaveValue("");

  // Asked again after staying; Leave goes to the page before, and Forward finds the plain value kept.
  await page.goBack();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await page.waitForURL((u) => u.pathname === before);
  await page.goForward();
  await page.waitForURL((u) => u.pathname === reviewPath);
  await expect(queue).toHaveValue("Service desk");
  await expect(queue).toHaveAccessibleDescription("Kept from before you left this page. Not saved yet.");
  await expect(psaKey).toHaveValue("");

  // With no secret typed, Back goes without a question, and the plain value is still kept.
  await page.goBack();
  await page.waitForURL((u) => u.pathname === before);
  await expect(dialog).toHaveCount(0);
  await page.goForward();
  await page.waitForURL((u) => u.pathname === reviewPath);
  await expect(queue).toHaveValue("Service desk");

  // A secret typed and then saved takes the question away again: Back just goes back.
  await psaKey.fill("client-psa-key-saved");
  await psaKey.press("Enter");
  await expect(psaKey).toHaveValue("");
  await page.goBack();
  await page.waitForURL((u) => u.pathname === before);
  await expect(dialog).toHaveCount(0);
});
