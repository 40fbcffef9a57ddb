// A run that made the PSA ticket and then failed, its step fixed: on the Runs page its failed
// step offers Run again from that step, which goes on from there with this run's earlier
// outputs — the PSA is not called a second time, as it was by Run again (every step).
import { expect, test } from "@playwright/test";
import { serveOnAllowedHost } from "./allowed-host-server";
import { openOwnWorkflow } from "./own-workflow";

let tickets = 0;
const psa = serveOnAllowedHost((req, res) => {
  req.resume();
  tickets++;
  res.writeHead(201, { "content-type": "application/json" });
  res.end(JSON.stringify({ id: 4711 }));
});

test("Run again from the failed step on the Runs page does not send the earlier request again", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "resume", [
    { kind: "webhook", config: { testingData: { host: "srv-01" } } },
    { kind: "http", name: "Create ticket", config: { method: "POST", url: `${psa.url()}/tickets`, body: { type: "json", json: { host: "{{ 1.host }}" } } } },
    { kind: "code", name: "Note", config: { code: "return { ticket: steps[2].body.id, host: steps[1].hots.toUpperCase() };" } },
  ]);
  const started = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  const runStatus = async (runId: string) => ((await (await page.request.get(`/api/v1/runs/${runId}`)).json()) as { status: string }).status;
  await expect.poll(() => runStatus(started.run.id), { timeout: 30_000 }).toBe("failed");
  expect(tickets).toBe(1);
  // The typo fixed.
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { config: Record<string, unknown> }[] };
  wf.steps[2].config = { code: "return { ticket: steps[2].body.id, host: steps[1].host.toUpperCase() };" };
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: wf.name, version: wf.version, steps: wf.steps } })).ok()).toBe(true);

  await page.goto(`/w/${ws}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${started.run.id}"]`);
  await row.getByRole("button", { name: `Steps of run ${started.run.id}` }).click();
  const steps = page.getByRole("list", { name: `Steps of run ${started.run.id}` });
  await expect(steps.getByRole("button", { name: "Run again from step 3" })).toHaveCount(1);
  await steps.getByRole("button", { name: "Run again from step 3" }).click();
  await expect(steps.getByRole("status")).toContainText("Started a new test run from step 3");
  const href = await steps.getByRole("link", { name: "Open the new run" }).getAttribute("href");
  const newRun = new URL(href!, "http://x").searchParams.get("run")!;
  await expect.poll(() => runStatus(newRun), { timeout: 30_000 }).toBe("succeeded");
  expect(tickets).toBe(1);
});

test("plain Run again on a failed run asks first, naming the request it sends again; by keyboard too", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "resend", [
    { kind: "webhook", config: { testingData: { host: "srv-02" } } },
    { kind: "http", name: "Create ticket", config: { method: "POST", url: `${psa.url()}/tickets`, body: { type: "json", json: { host: "{{ 1.host }}" } } } },
    { kind: "code", name: "Note", config: { code: "return steps[1].hots.toUpperCase();" } },
  ]);
  const started = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  const runStatus = async (runId: string) => ((await (await page.request.get(`/api/v1/runs/${runId}`)).json()) as { status: string }).status;
  await expect.poll(() => runStatus(started.run.id), { timeout: 30_000 }).toBe("failed");
  const sent = tickets;

  await page.goto(`/w/${ws}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${started.run.id}"]`);
  const again = row.getByRole("button", { name: "Run again", exact: true });
  await again.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Send step 2's request again?");
  await expect(dialog).toContainText("In this run step 2 (Create ticket) already sent its request, which succeeded");
  await expect(dialog).toContainText("Run again from step 3");
  // Cancelled: nothing sent, focus back on Run again.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(again).toBeFocused();
  expect(tickets).toBe(sent);

  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Run again and send" }).click();
  await expect(row.getByRole("status")).toContainText("Started a new test run with this payload");
  await expect.poll(() => tickets, { timeout: 30_000 }).toBe(sent + 1);
});
