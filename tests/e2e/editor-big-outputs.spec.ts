// Big run outputs in the editor's Executions (found by QA with a 4 MB HTTP response): the panel
// laid the whole pretty-printed output (6 M characters) out in one <pre>, blocking the page for
// 3 s on opening and again on every return to the tab, and fetched every listed run's detail,
// outputs and all, for entries nobody had opened. Now a big value shows its first lines with
// "Show all (…)", and a run's detail is fetched only for the entry opened.
import { expect, test, type Page } from "@playwright/test";
import { bigFields, openBigOutputWorkflow, runWholeWorkflow, watchLongTasks } from "../helpers/big-output-workflow";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

/** Four fields of 3,000 rows each: about 4 MB as the API sends it, 5 MB pretty-printed. */
const BIG = bigFields({ fields: 4, rows: 3_000, note: 260 });

/** Requests for one run's detail (GET /api/v1/runs/{id}), by run id, counted as the page makes them. */
function countRunDetails(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on("request", (req) => {
    const m = /\/api\/v1\/runs\/([^/?#]+)(?:[?#]|$)/.exec(new URL(req.url()).pathname);
    if (req.method() === "GET" && m) seen.set(m[1], (seen.get(m[1]) ?? 0) + 1);
  });
  return seen;
}

test("a run with a 4 MB output opens with its first lines, quickly; Show all lays out the rest", async ({ page }) => {
  test.setTimeout(180_000);
  const { ws, id } = await openBigOutputWorkflow(page, "bigout", { big: BIG });
  const run = () => runWholeWorkflow(page, id);
  const older = await run();
  const linked = await run();
  const size = (await (await page.request.get(`/api/v1/runs/${linked}`)).body()).length;

  const tasks = await watchLongTasks(page);
  const started = Date.now();
  await page.goto(`/w/${ws}/workflows/${id}?step=big-step&run=${linked}`);
  const panel = page.getByTestId("step-panel");
  const entry = panel.locator(`[data-testid=execution][data-run-id="${linked}"]`);
  const output = entry.getByLabel("Output");
  await expect(output).toContainText('"name": "device-1"', { timeout: 60_000 });
  const interactive = Date.now() - started;
  const openBlock = await tasks.longest();
  console.log(`${(size / 1e6).toFixed(2)} MB run detail: output shown ${interactive} ms after navigation, longest block ${openBlock} ms`);

  // The first lines only, with what is left out counted and the whole on request.
  const shown = (await output.textContent())!.length;
  expect(shown).toBeLessThan(50_000);
  const cut = entry.getByTestId("json-view-cut");
  await expect(cut).toContainText(/… [\d,]+ more lines/);
  await expect(cut.getByRole("button", { name: /^Show all \(\d+(\.\d)? MB\)$/ })).toBeVisible();
  await expect(cut.getByRole("button", { name: "Copy" })).toBeVisible();
  await expect(cut.getByRole("button", { name: "Download" })).toBeVisible();
  await expect(panel.locator(`[data-testid=execution][data-run-id="${older}"]`)).toContainText("succeeded");

  // Back to the tab: as quick as the first time.
  await panel.getByRole("tab", { name: "Configure" }).click();
  await tasks.mark();
  const back = Date.now();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await expect(output).toContainText('"name": "device-1"');
  const reselect = Date.now() - back;
  const reselectBlock = await tasks.longest();

  const download = page.waitForEvent("download");
  await cut.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("output.json");

  await cut.getByRole("button", { name: /^Show all/ }).click();
  await expect(output).toContainText('"rows4": [', { timeout: 30_000 });
  await expect(cut.getByRole("button", { name: /^Show all/ })).toHaveCount(0);

  console.log(`back to Executions: output shown ${reselect} ms after the click, longest block ${reselectBlock} ms`);
  expect(openBlock).toBeLessThan(2_500);
  expect(reselectBlock).toBeLessThan(1_000);
});

test("collapsed entries of Executions fetch no run detail; opening one fetches that run only", async ({ page }) => {
  test.setTimeout(120_000);
  const { ws, id } = await openOwnWorkflow(page, "execlazy", [
    { kind: "webhook", config: { testingData: { n: 1 } } },
    { id: "tag-step", kind: "transform", name: "Tag", config: { fields: [{ name: "t", expression: "{{ 1.n }} + 1" }] } },
  ]);
  // Twelve runs of the whole workflow, oldest first, then a one-step test of step 2: listed under
  // step 2, not under the trigger.
  const runs: string[] = [];
  for (let i = 0; i < 12; i++) runs.push(await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })));
  const single = await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/2/test`));
  // What a collapsed entry shows comes with the list: the step's record, without its output.
  const listed = (await (await page.request.get(`/api/v1/workflows/${id}/runs?step=tag-step&limit=1`)).json()) as { runs: Record<string, unknown>[] };
  expect(listed.runs[0]).toMatchObject({ id: single, status: "succeeded", targetStepId: "tag-step", step: { stepId: "tag-step", number: 2, status: "succeeded", error: null, unresolved: [] } });
  expect(listed.runs[0].step).not.toHaveProperty("output");

  const details = countRunDetails(page);
  await page.goto(`/w/${ws}/workflows/${id}`);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByTestId("execution");
  await expect(entries).toHaveCount(13);
  await expect(entries.first()).toHaveAttribute("data-run-id", single);
  await expect(entries.first().getByRole("button").first()).toContainText("succeeded");
  await expect(entries.first().getByRole("button").first()).toContainText("test · step 2");
  await expect(entries.nth(1).getByRole("button").first()).toContainText("test · whole workflow");
  await expect(entries.last()).toHaveAttribute("data-run-id", runs[0]);
  await expect(entries.last().getByRole("button").first()).toContainText("succeeded");
  // The editor itself reads the newest runs (the canvas its statuses from the latest, Workflow
  // data the 10 latest); the two oldest, listed collapsed here, are fetched by nobody.
  expect(details.has(runs[0]) || details.has(runs[1])).toBe(false);

  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  await expect(entries).toHaveCount(12);
  await expect(entries.last()).toHaveAttribute("data-run-id", runs[0]);
  expect(details.has(runs[0]) || details.has(runs[1])).toBe(false);

  await entries.last().getByRole("button").first().click();
  await expect(entries.last().getByLabel("Received payload")).toContainText('"n": 1');
  expect(details.get(runs[0])).toBe(1);
  expect(details.has(runs[1])).toBe(false);
});

test("the Runs page opens a run with a 4 MB output to its steps without downloading the output", async ({ page }) => {
  test.setTimeout(120_000);
  const { ws, id } = await openBigOutputWorkflow(page, "bigrow", { big: BIG });
  const run = await runWholeWorkflow(page, id);
  await page.goto(`/w/${ws}/runs`);
  const read = page.waitForResponse((res) => new URL(res.url()).pathname === `/api/v1/runs/${run}`);
  await page.getByRole("button", { name: `Steps of run ${run}` }).click();
  const body = await (await read).body();
  const steps = page.getByRole("list", { name: `Steps of run ${run}` });
  await expect(steps.getByRole("listitem")).toHaveCount(2);
  await expect(steps.getByRole("listitem").nth(1)).toContainText("Big");
  await expect(steps.getByRole("listitem").nth(1)).toContainText("succeeded");
  console.log(`Runs page: a run's steps read in ${body.length} bytes`);
  expect(body.length).toBeLessThan(20_000);
});
