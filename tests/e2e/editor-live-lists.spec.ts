// The trigger's Executions and the deliveries log keep what their reader is reading while new
// deliveries keep arriving (found by QA): an open run was pushed down a row per new run and left
// the list within 20 s at 1 delivery/s; a deliveries log row scrolled to fell off the last page.
// Now the loaded entries stay put and new ones are counted above ("20+ new runs · Show").
// Also: an open run's times carry their day when it is not today.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

async function goLive(page: Page, workflowId: string): Promise<string> {
  const res = await page.request.post(`/api/v1/workflows/${workflowId}/live`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { webhookUrl: string }).webhookUrl;
}

const STEPS = [
  { kind: "webhook", config: {} },
  { kind: "transform", name: "Tag", config: { fields: [{ name: "t", expression: "1" }] } },
];

test("an open run stays open and in place while 25 more arrive; they are counted, then shown above it", async ({ page }) => {
  test.setTimeout(120_000);
  const { ws, id } = await openOwnWorkflow(page, "livexec", STEPS);
  const url = await goLive(page, id);
  expect((await page.request.post(url, { data: { first: true } })).status()).toBe(202);
  let first = "";
  await expect
    .poll(async () => {
      const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs`)).json()) as { runs: { id: string; status: string }[] };
      first = runs[0]?.status === "succeeded" ? runs[0].id : "";
      return first;
    })
    .not.toBe("");

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByTestId("execution");
  const reading = panel.locator(`[data-testid=execution][data-run-id="${first}"]`);
  await reading.getByRole("button", { expanded: false }).click();
  await expect(reading.getByLabel("Received payload")).toContainText('"first": true');
  const before = (await reading.boundingBox())!;

  // More than a page (20) of runs arrive while it is being read.
  for (let i = 0; i < 25; i++) expect((await page.request.post(url, { data: { i } })).status()).toBe(202);
  const count = panel.getByTestId("new-entries-count");
  await expect(count).toHaveText("20+ new runs");
  await expect(entries).toHaveCount(1);
  await expect(reading.getByRole("button", { expanded: true })).toBeVisible();
  const after = (await reading.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThan(1);

  // Shown on request: the newest 20 above it, a gap for the 5 between, which loads on request.
  await panel.getByRole("button", { name: "Show 20+ new runs" }).click();
  await expect(entries).toHaveCount(21);
  await expect(entries.last()).toHaveAttribute("data-run-id", first);
  await expect(reading.getByRole("button", { expanded: true })).toBeVisible();
  await expect(count).toHaveText("");
  await panel.getByRole("button", { name: "Load the runs in between" }).click();
  await expect(entries).toHaveCount(26);
  await expect(panel.getByTestId("list-gap")).toHaveCount(0);
  await expect(entries.last()).toHaveAttribute("data-run-id", first);
  await expect(reading.getByRole("button", { expanded: true })).toBeVisible();
});

test("a deliveries log row scrolled to stays on the log while more deliveries arrive", async ({ page }) => {
  test.setTimeout(120_000);
  const { ws, id } = await openOwnWorkflow(page, "livelog", [{ kind: "webhook", config: {} }]);
  const url = await goLive(page, id);
  // Refused deliveries (not JSON): each is in the log, none starts a run.
  const send = (type: string) => page.request.post(url, { headers: { "content-type": type }, data: Buffer.from("{oops") });
  expect((await send("application/vnd.oldest+json")).status()).toBe(400);
  for (let i = 0; i < 49; i++) expect((await send("application/json")).status()).toBe(400);

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  const log = panel.getByTestId("deliveries-log");
  const rows = log.getByTestId("delivery");
  await expect(rows).toHaveCount(50);
  await expect(panel.getByRole("button", { name: "Show older deliveries" })).toHaveCount(0);
  const oldest = rows.filter({ hasText: "application/vnd.oldest+json" });
  await oldest.scrollIntoViewIfNeeded();
  const before = (await oldest.boundingBox())!;

  for (let i = 0; i < 5; i++) expect((await send("application/json")).status()).toBe(400);
  await expect(panel.getByTestId("new-entries-count")).toHaveText("5 new deliveries");
  await expect(oldest).toBeVisible();
  await expect(rows).toHaveCount(50);
  expect(Math.abs((await oldest.boundingBox())!.y - before.y)).toBeLessThan(1);

  await panel.getByRole("button", { name: "Show 5 new deliveries" }).click();
  await expect(rows).toHaveCount(55);
  await expect(oldest).toHaveCount(1);
  await expect(rows.last()).toContainText("application/vnd.oldest+json");
});

test("an open run's times say the day when it was not today", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "execday", STEPS);
  const started = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  const { run } = (await started.json()) as { run: { id: string } };
  let createdAt = "";
  await expect
    .poll(async () => {
      const view = (await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string; createdAt: string };
      createdAt = view.createdAt;
      return view.status;
    })
    .toBe("succeeded");
  // Three days on in the browser: the run is from then, not from today.
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 24 * 3600 * 1000));
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await entry.getByRole("button", { expanded: false }).click();
  const day = new Date(createdAt).toLocaleDateString("en-US", { month: "short", day: "numeric" });
  // Its first time (when it started, or was received) and when it finished.
  const startedAt = entry.locator("dl dd").first();
  await expect(startedAt).toHaveText(new RegExp(`^${day} \\d{1,2}:\\d{2}:\\d{2}`));
  await expect(entry.locator("dt", { hasText: "Finished" }).locator("xpath=following-sibling::dd")).toContainText(day);
});
