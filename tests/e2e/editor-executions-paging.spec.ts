// The step panel and Workflow data as QA found them: a step on a rarely taken branch whose
// Executions said "No run has reached this step yet" once 20 runs had gone the other way; a
// stopped run's step reading "stopped" where the API says failed; "Data from" lines that could
// not be told apart after a burst; a Wait's "At" field whose message said "Until (date and
// time) is required", and "steps 1–1" on step 2's Test & Debug.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

type RunRow = { id: string; status: string; test: boolean };

/** Goes Live and returns the webhook URL. */
async function goLive(page: Page, workflowId: string): Promise<string> {
  const res = await page.request.post(`/api/v1/workflows/${workflowId}/live`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { webhookUrl: string }).webhookUrl;
}

/** Every run of the workflow, newest first, once `done` holds for them. */
async function runsWhen(page: Page, workflowId: string, done: (runs: RunRow[]) => boolean): Promise<RunRow[]> {
  let runs: RunRow[] = [];
  await expect
    .poll(
      async () => {
        runs = ((await (await page.request.get(`/api/v1/workflows/${workflowId}/runs?limit=200`)).json()) as { runs: RunRow[] }).runs;
        return done(runs);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return runs;
}

const allEnded = (n: number) => (runs: RunRow[]) => runs.length === n && runs.every((r) => r.status === "succeeded");

test("a step on a rarely taken branch finds its run however many took the other branch; older runs load on request", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "execpaging", [
    { kind: "webhook", config: { testingData: { kind: "usual" } } },
    { kind: "conditions", config: { branches: [{ id: "rare", name: "Rare", rules: [{ left: "{{ 1.kind }}", op: "equals", right: "rare" }], target: "rare-step" }], otherwise: { target: "usual-step" } } },
    { id: "rare-step", kind: "transform", name: "Rare", config: { fields: [{ name: "r", expression: "1" }] } },
    { id: "usual-step", kind: "transform", name: "Usual", config: { fields: [{ name: "u", expression: "2" }] } },
  ]);
  const url = await goLive(page, id);
  expect((await page.request.post(url, { data: { kind: "rare" } })).status()).toBe(202);
  const [rare] = await runsWhen(page, id, allEnded(1));
  for (let i = 0; i < 24; i++) expect((await page.request.post(url, { data: { kind: "usual", i } })).status()).toBe(202);
  await runsWhen(page, id, allEnded(25));

  await page.goto(`/w/${ws}/workflows/${id}`);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-3").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByTestId("execution");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute("data-run-id", rare.id);
  await expect(entries.first().getByRole("button").first()).toContainText("succeeded");
  await expect(panel).not.toContainText("No run has reached this step yet");

  // The trigger's are every run: the latest 20, then the rest on request.
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await expect(entries).toHaveCount(20);
  await panel.getByRole("button", { name: "Load older runs" }).click();
  await expect(entries).toHaveCount(25);
  await expect(entries.last()).toHaveAttribute("data-run-id", rare.id);
  await expect(panel.getByRole("button", { name: "Load older runs" })).toHaveCount(0);
});

test("when none of the runs searched reached the step, it says how many were searched and offers older ones", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "execnone", [
    { kind: "webhook", config: { testingData: { n: 1 } } },
    { kind: "transform", name: "Tag", config: { fields: [{ name: "t", expression: "1" }] } },
  ]);
  const first = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await runsWhen(page, id, allEnded(1));
  // 20 single-step tests of step 2: none of them ran the trigger.
  for (let i = 0; i < 20; i++) expect((await page.request.post(`/api/v1/workflows/${id}/steps/2/test`)).status()).toBe(201);
  await runsWhen(page, id, allEnded(21));

  await page.goto(`/w/${ws}/workflows/${id}`);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await expect(panel).toContainText("None of the latest 20 runs reached this step.");
  await panel.getByRole("button", { name: "Load older runs" }).click();
  await expect(panel.getByTestId("execution")).toHaveCount(1);
  await expect(panel.getByTestId("execution")).toHaveAttribute("data-run-id", first.run.id);
});

test("a stopped run's step reads failed, as the API records it, with who stopped it beside it", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "execstop", [
    { kind: "webhook", config: { testingData: { n: 1 } } },
    { kind: "wait", config: { mode: "duration", seconds: 3600 } },
  ]);
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await runsWhen(page, id, (runs) => runs[0]?.status === "waiting");
  const stopped = await page.request.post(`/api/v1/runs/${run.id}/stop`);
  expect(stopped.status()).toBe(200);
  const view = (await stopped.json()) as { status: string; error: string; steps: { number: number; status: string; error: string }[] };
  expect(view.steps[1]).toMatchObject({ status: "failed" });
  expect(view.steps[1].error).toContain("stopped by");

  await page.goto(`/w/${ws}/workflows/${id}`);
  const node = page.getByTestId("step-node-2");
  await expect(node).toContainText("failed");
  await expect(node).not.toContainText("stopped");
  await node.click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  const row = entry.getByRole("button").first();
  await expect(row).toContainText("failed");
  await expect(row).toContainText(view.error); // "stopped by <e-mail>"
  await row.click();
  await expect(entry).toContainText(view.steps[1].error);
});

test("a Code step stopped mid-execution reads failed with who stopped it, not skipped as if it never ran", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "execstopcode", [
    { kind: "webhook", config: { testingData: { n: 1 } } },
    { kind: "code", config: { code: "while (true) {}", timeoutMs: 60_000 } },
    { kind: "code", config: { code: "return 1" } },
  ]);
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await runsWhen(page, id, (runs) => runs[0]?.status === "running"); // step 1 recorded: the loop is executing
  expect((await page.request.post(`/api/v1/runs/${run.id}/stop`)).status()).toBe(200);
  type View = { error: string; steps: { number: number; status: string; error: string | null }[] };
  let view: View | undefined;
  // The worker records the step once it learns of the stop (within about a second).
  await expect
    .poll(async () => {
      view = (await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as View;
      return view.steps.map((s) => `${s.number}:${s.status}`);
    })
    .toEqual(["1:succeeded", "2:failed", "3:skipped"]);
  const stepError = `the run was ${view!.error} during this step`;
  expect(view!.steps[1].error).toBe(stepError);

  await page.goto(`/w/${ws}/workflows/${id}`);
  const node = page.getByTestId("step-node-2");
  await expect(node).toContainText("failed");
  await node.click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  const row = entry.getByRole("button").first();
  await expect(row).toContainText("failed");
  await row.click();
  await expect(entry).toContainText(stepError);
});

test("each run under Data from can be told apart after a burst of deliveries", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "datafrom", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Tag", config: { fields: [{ name: "t", expression: "1" }] } },
  ]);
  const url = await goLive(page, id);
  await Promise.all(Array.from({ length: 6 }, (_, i) => page.request.post(url, { data: { i } }).then((r) => expect(r.status()).toBe(202))));
  const runs = await runsWhen(page, id, allEnded(6));

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-2").click();
  const from = page.getByRole("complementary", { name: "Workflow data" }).getByLabel("Data from");
  const options = from.locator("option:not([value=''])");
  await expect(options).toHaveCount(6);
  const texts = await options.allTextContents();
  expect(new Set(texts).size).toBe(6);
  // Each names its run by the end of its id (a delivery's id starts with its time), and the time
  // to the second.
  for (const r of runs) expect(texts.some((t) => t.includes(`run …${r.id.slice(-8)}`))).toBe(true);
  for (const t of texts) expect(t).toMatch(/\d{1,2}:\d{2}:\d{2}/);
});

test("a Wait's until field is labelled as its messages name it; step 2's Test & Debug says step 1", async ({ page }) => {
  await openOwnWorkflow(page, "waitlabel", [
    { kind: "webhook", config: {} },
    { kind: "wait", config: { mode: "until", at: "" } },
  ]);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  await expect(panel.getByRole("textbox", { name: "Until (date and time)", exact: true })).toBeVisible();
  await expect(panel).toContainText("Until (date and time) is required");
  await expect(panel.getByText("At", { exact: true })).toHaveCount(0);

  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await expect(panel).toContainText("against the latest output of step 1 (from");
  await expect(panel).not.toContainText("steps 1–1");
});
