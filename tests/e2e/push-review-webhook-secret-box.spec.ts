// The review's webhook secret box: a secret of only spaces is refused — by the API with a 400 that
// says why, and in the box before Save — as the editor's Shared secret field refuses it (one rule,
// lib/steps/shared-secret-text.ts); it was saved, and every honest delivery would then be refused.
// Its placeholder is short enough to be read whole: it named the header too and was cut off.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

async function pushedReview(page: Page, what: string) {
  const { ws: provider, tag } = await signInToOwnProvider(page, what);
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Secret Box Client ${tag}` } });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Secret box ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: { sharedSecret: "provider-secret", signatureHeader: "X-Signature-256" } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  return { copy, item: page.getByRole("list", { name: "Review checklist" }).getByTestId("review-webhook-secret") };
}

test("a shared secret of only spaces is refused by the review's API and in its box", async ({ page }) => {
  const { copy, item } = await pushedReview(page, "review-blank-secret");
  const answer = await page.request.put(`/api/v1/workflows/${copy}/review/webhook-secret`, { data: { sharedSecret: "   " } });
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ error: "invalid_request", field: "sharedSecret", message: "sharedSecret: must not be only spaces: type the secret your sender signs with" });

  const box = item.getByLabel("Webhook shared secret");
  await box.fill("   ");
  await expect(box).toHaveAccessibleDescription("A secret of only spaces is not accepted: type the secret your sender signs with.");
  await expect(item.getByRole("button", { name: "Save secret" })).toBeDisabled();
  // A real secret, spaces and all, is saved as typed.
  await box.fill(" client secret ");
  await expect(item.getByTestId("webhook-secret-blank")).toHaveCount(0);
  await item.getByRole("button", { name: "Save secret" }).click();
  await expect(item).toHaveAttribute("data-done", "true");
});

test("the secret box's placeholder fits the box at 1280 px; the item's text names the header", async ({ page }) => {
  const { item } = await pushedReview(page, "review-secret-placeholder");
  await expect(item).toContainText("X-Signature-256");
  const box = item.getByLabel("Webhook shared secret");
  await expect(box).toHaveAttribute("placeholder", "Your own secret");
  // The placeholder's width in the box's font against the room inside the box: it was cut off
  // ("Your own secret (header X-S").
  const room = await box.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(el.placeholder).width;
  });
  expect(room).toBeGreaterThan(0);
});
