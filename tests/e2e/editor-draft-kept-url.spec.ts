// A workflow back in Draft (Unpublish, or a client copy a re-push sent back for review) keeps its
// webhook URL, but the Webhook panel does not show it (spec §3 rule 1: in Draft, a prompt to go
// Live and Go live, no URL): it says in words that the URL is kept — senders get 409 "not
// published" meanwhile, and the same URL works again once Live — instead of "it has no webhook
// URL". Going Live shows exactly that URL. One never Live still reads that it has none. Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

/** Everything the page shows a user as text: what it reads, field values, tooltips and accessible names. */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].map((e) => e.value);
    const attrs = [...document.querySelectorAll("[title], [aria-label], [aria-description]")].flatMap((e) => ["title", "aria-label", "aria-description"].map((a) => e.getAttribute(a) ?? ""));
    return [document.body.innerText, ...fields, ...attrs].join("\n");
  });

test("a Draft that has been Live shows no URL, says it is kept and works again once Live", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Kept URL MSP ${tag}`, `kept-${tag}@example.test`, "kept-url-pw-1");
  await signIn(page, `kept-${tag}@example.test`, "kept-url-pw-1");
  const ws = await providerWorkspaceId(page);
  const create = async (name: string) => ((await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [{ kind: "webhook", config: {} }] } })).json()) as { id: string }).id;
  const [was, never] = [await create("Was live"), await create("Never live")];
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${was}/live`)).json()) as { webhookUrl: string };
  const token = webhookUrl.split("/hooks/")[1];
  expect(token).toBeTruthy();
  const draft = (await (await page.request.post(`/api/v1/workflows/${was}/draft`)).json()) as { webhookUrl: string | null; keptWebhookUrl?: string };
  expect([draft.webhookUrl, draft.keptWebhookUrl]).toEqual([null, webhookUrl]);
  expect((await page.request.post(webhookUrl, { data: { a: 1 } })).status()).toBe(409);

  await page.goto(`/w/${ws}/workflows/${was}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  // The prompt and its Go live, and the refused delivery listed: the panel has loaded.
  await expect(panel.getByRole("button", { name: "Go live" })).toBeVisible();
  await expect(panel.getByTestId("deliveries-log").getByTestId("delivery").first()).toContainText("Rejected: Draft");
  // No URL: no field, no Copy, and its token nowhere on the page.
  await expect(panel.getByRole("textbox", { name: "Webhook endpoint" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Copy webhook URL" })).toHaveCount(0);
  expect(await shownText(page)).not.toContain(token);
  // Said in words instead: kept, 409 meanwhile, the same URL once Live.
  const kept = panel.getByTestId("webhook-url-kept");
  await expect(kept).toContainText("its webhook URL is not shown");
  await expect(kept).toContainText('The URL is kept: senders still posting to it get 409 “not published”');
  await expect(kept).toContainText("once the workflow is Live it works again, unchanged");
  await expect(panel.getByText("has no webhook URL")).toHaveCount(0);

  // Nor does the workflow list show it.
  await page.goto(`/w/${ws}/workflows`);
  await expect(page.getByRole("link", { name: "Was live", exact: true })).toBeVisible();
  expect(await shownText(page)).not.toContain(token);

  // Going Live gives back the same URL, shown now.
  await page.goto(`/w/${ws}/workflows/${was}`);
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("button", { name: "Go live" }).click();
  await expect(panel.getByRole("textbox", { name: "Webhook endpoint" })).toHaveValue(webhookUrl);
  await expect(panel.getByTestId("webhook-url-kept")).toHaveCount(0);
  expect((await page.request.post(webhookUrl, { data: { a: 2 } })).status()).toBe(202);

  await page.goto(`/w/${ws}/workflows/${never}`);
  await page.getByTestId("step-node-1").click();
  await expect(panel.getByText("has no webhook URL")).toBeVisible();
  await expect(panel.getByTestId("webhook-url-kept")).toHaveCount(0);
  await expect(panel.getByRole("textbox", { name: "Webhook endpoint" })).toHaveCount(0);
});
