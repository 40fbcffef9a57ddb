// A refused signature says why in the deliveries log — the header the trigger reads was not sent
// (the likeliest setup mistake: the sender signs in another header), or its value did not match —
// while the sender's 401 stays {"error":"invalid_signature"} either way. Its own provider.
import { createHmac, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("the deliveries log tells a missing signature header from a signature that did not match", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Reasons MSP ${tag}`, `reasons-${tag}@example.test`, "reasons-pw-1");
  await signIn(page, `reasons-${tag}@example.test`, "reasons-pw-1");
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "Signed hook", steps: [{ kind: "webhook", config: { sharedSecret: "k3y", signatureHeader: "X-Hub-Signature-256" } }] },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string };
  const live = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
  const body = '{"a":1}';
  const sig = (secret: string) => createHmac("sha256", secret).update(body).digest("hex");
  const send = (headers: Record<string, string>) => page.request.post(live.webhookUrl, { headers: { "content-type": "application/json", ...headers }, data: Buffer.from(body) });
  for (const headers of [{ "x-service-signature": sig("k3y") }, { "x-hub-signature-256": `sha256=${sig("other")}` }] as Record<string, string>[]) {
    const r = await send(headers);
    expect([r.status(), await r.text()]).toEqual([401, '{"error":"invalid_signature"}']);
  }
  const listed = (await (await page.request.get(`/api/v1/workflows/${wf.id}/deliveries`)).json()) as { deliveries: { outcome: string; reason?: string }[] };
  expect(listed.deliveries.map((d) => [d.outcome, d.reason])).toEqual([
    ["invalid_signature", "signature did not match"],
    ["invalid_signature", "no x-hub-signature-256 header"],
  ]);

  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-1").click();
  const rows = page.getByTestId("step-panel").getByTestId("deliveries-log").getByTestId("delivery");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Rejected: signature");
  await expect(rows.nth(0).getByTestId("delivery-reason")).toHaveText("signature did not match");
  await expect(rows.nth(1).getByTestId("delivery-reason")).toHaveText("no x-hub-signature-256 header");
});
