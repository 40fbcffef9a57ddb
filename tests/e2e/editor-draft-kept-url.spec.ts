// A workflow back in Draft (Unpublish, or a client copy a re-push sent back for review) keeps its
// webhook URL: the Webhook panel says so and shows it, instead of "it has no webhook URL… Switch
// it to Live to get the URL" — Going Live gives back exactly that URL, and meanwhile deliveries
// to it are refused with 409. One never Live still reads that it has none. Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("a Draft that has been Live shows the URL it keeps and says it accepts again once Live", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Kept URL MSP ${tag}`, `kept-${tag}@example.test`, "kept-url-pw-1");
  await signIn(page, `kept-${tag}@example.test`, "kept-url-pw-1");
  const ws = await providerWorkspaceId(page);
  const create = async (name: string) => ((await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [{ kind: "webhook", config: {} }] } })).json()) as { id: string }).id;
  const [was, never] = [await create("Was live"), await create("Never live")];
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${was}/live`)).json()) as { webhookUrl: string };
  const draft = (await (await page.request.post(`/api/v1/workflows/${was}/draft`)).json()) as { webhookUrl: string | null; keptWebhookUrl?: string };
  expect([draft.webhookUrl, draft.keptWebhookUrl]).toEqual([null, webhookUrl]);
  expect((await page.request.post(webhookUrl, { data: { a: 1 } })).status()).toBe(409);

  await page.goto(`/w/${ws}/workflows/${was}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await expect(panel.getByText("it keeps its webhook URL")).toBeVisible();
  await expect(panel.getByText("Once Live it accepts them again at the same URL")).toBeVisible();
  await expect(panel.getByText("has no webhook URL")).toHaveCount(0);
  await expect(panel.getByRole("textbox", { name: "Webhook endpoint" })).toHaveValue(webhookUrl);
  await expect(panel.getByTestId("deliveries-log").getByTestId("delivery").first()).toContainText("Rejected: Draft");

  // Going Live gives back the same URL.
  await page.getByTestId("editor-header").getByRole("button", { name: "Go live" }).click();
  await expect(panel.getByRole("textbox", { name: "Webhook endpoint" })).toHaveValue(webhookUrl);
  await expect(panel.getByText("it keeps its webhook URL")).toHaveCount(0);

  await page.goto(`/w/${ws}/workflows/${never}`);
  await page.getByTestId("step-node-1").click();
  await expect(panel.getByText("has no webhook URL")).toBeVisible();
  await expect(panel.getByRole("textbox", { name: "Webhook endpoint" })).toHaveCount(0);
});
