// Each refused delivery in the log says, in words, what the sender was answered (the status code
// its tool shows: 409, 401, 413, 400 — or a 202 to a replaced URL), why no run started and what to
// do about it. A technician whose sender shows "409" finds the same number here, not only a badge
// ("Rejected: Draft"). Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("a refused delivery says what the sender got, why no run started and what to do", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Explained MSP ${tag}`, `explained-${tag}@example.test`, "explained-pw-1");
  await signIn(page, `explained-${tag}@example.test`, "explained-pw-1");
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Explained", steps: [{ kind: "webhook", config: {} }] } });
  const wf = (await created.json()) as { id: string };
  const first = ((await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string }).webhookUrl;
  const send = (url: string, body: string) => page.request.post(url, { headers: { "content-type": "application/json" }, data: Buffer.from(body) });

  // Oldest first: bad JSON (400), too large (413), a Draft (409), an old URL (202), unsigned (401).
  expect((await send(first, "{oops")).status()).toBe(400);
  expect((await send(first, JSON.stringify({ pad: "x".repeat(1024 * 1024) }))).status()).toBe(413);
  expect((await page.request.post(`/api/v1/workflows/${wf.id}/draft`)).ok()).toBe(true);
  expect((await send(first, "{}")).status()).toBe(409);
  expect((await page.request.post(`/api/v1/workflows/${wf.id}/live`)).ok()).toBe(true);
  expect((await page.request.post(`/api/v1/workflows/${wf.id}/webhook-url`)).ok()).toBe(true);
  const current = ((await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { webhookUrl: string }).webhookUrl;
  expect(current).not.toBe(first);
  expect((await send(first, "{}")).status()).toBe(202);
  const saved = (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { name: string; version: number; steps: { config: Record<string, unknown> }[] };
  const steps = saved.steps.map((s, i) => (i === 0 ? { ...s, config: { ...s.config, sharedSecret: "s3cret" } } : s));
  expect((await page.request.put(`/api/v1/workflows/${wf.id}`, { data: { name: saved.name, steps, version: saved.version } })).status()).toBe(200);
  expect((await send(current, "{}")).status()).toBe(401);

  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-1").click();
  const rows = page.getByTestId("step-panel").getByTestId("deliveries-log").getByTestId("delivery");
  await expect(rows).toHaveCount(5);
  const explained = (i: number) => rows.nth(i).getByTestId("delivery-explained");
  await expect(explained(0)).toHaveText(/^The sender got 401: .*Shared secret, so no run started.*Signature header/);
  await expect(explained(1)).toHaveText(/^The sender got 202, .*replaced by Generate a new URL.*no run started.*current URL/);
  await expect(explained(2)).toHaveText(/^The sender got 409: .*in Draft.*no run started.*Live/);
  await expect(explained(3)).toHaveText(/^The sender got 413: .*1 MB.*no run started/);
  await expect(explained(4)).toHaveText(/^The sender got 400: .*not valid JSON.*no run started/);
});
