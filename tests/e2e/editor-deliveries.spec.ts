// The Webhook trigger's deliveries log: each request with its outcome, size, content type and,
// for an accepted one, a link that opens its run under the trigger's Executions; older entries
// than the newest 50 one click away ("Show older deliveries"). Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("the deliveries log shows content type and run, and pages back past the newest 50", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Deliveries MSP ${tag}`, `deliveries-${tag}@example.test`, "deliveries-pw-1");
  await signIn(page, `deliveries-${tag}@example.test`, "deliveries-pw-1");
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Hooked", steps: [{ kind: "webhook", config: {} }] } });
  const wf = (await created.json()) as { id: string; steps: { id: string }[] };
  const live = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };

  // Oldest first: one refused with its own content type, 54 more refused, then one accepted.
  // A Buffer: Playwright would JSON-encode a string sent as application/json.
  const send = (body: string, type: string) => page.request.post(live.webhookUrl, { headers: { "content-type": type }, data: Buffer.from(body) });
  expect((await send("not json", "application/vnd.oldest+json")).status()).toBe(400);
  for (let i = 0; i < 54; i++) expect((await send("{oops", "application/json")).status()).toBe(400);
  const accepted = await send(JSON.stringify({ host: "ws-042" }), "application/json; charset=utf-8");
  expect(accepted.status()).toBe(202);
  const deliveries = (await (await page.request.get(`/api/v1/workflows/${wf.id}/deliveries?limit=1`)).json()) as { deliveries: { runId: string }[] };
  const runId = deliveries.deliveries[0].runId;
  expect(runId).toBeTruthy();

  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  const log = panel.getByTestId("deliveries-log");
  const rows = log.getByTestId("delivery");
  await expect(rows).toHaveCount(50);
  const newest = rows.first();
  await expect(newest).toHaveAttribute("data-outcome", "accepted");
  await expect(newest.getByTestId("delivery-content-type")).toHaveText("application/json; charset=utf-8");
  await expect(rows.nth(1)).toHaveAttribute("data-outcome", "invalid_json");
  await expect(rows.nth(1).getByTestId("delivery-content-type")).toHaveText("application/json");
  await expect(rows.nth(1).getByRole("link", { name: "View run" })).toHaveCount(0);

  // Older ones: the next page, down to the very first request.
  await expect(log.getByText("application/vnd.oldest+json")).toHaveCount(0);
  await panel.getByRole("button", { name: "Show older deliveries" }).click();
  await expect(rows).toHaveCount(56);
  await expect(rows.last().getByTestId("delivery-content-type")).toHaveText("application/vnd.oldest+json");
  await expect(panel.getByRole("button", { name: "Show older deliveries" })).toHaveCount(0);

  // The accepted one's run opens under the trigger's Executions, expanded.
  await newest.getByRole("link", { name: "View run" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]run=${runId}`));
  await expect(panel.getByRole("tab", { name: "Executions" })).toHaveAttribute("aria-selected", "true");
  const execution = panel.locator(`[data-testid="execution"][data-run-id="${runId}"]`);
  await expect(execution.getByLabel("Received payload")).toContainText("ws-042");
});
