// Big run data in the editor, past what editor-big-outputs.spec.ts covers (found in a review of
// how the product shows large runs): Workflow data fetched the whole detail, every output, of
// each of the 10 latest runs and the canvas the latest's, 4 MB apiece, before anything was
// opened; a Code step's 5 MB log was laid out whole in Executions; and "Show all" on a 5 MB output
// held the page for seconds; an opened Executions entry, and Test & Debug's result on each poll,
// read every step's output of the run to show one. Now the panel, an entry and the result read the
// runs without their outputs and then only the outputs they show, the Log box is cut like an
// output, and "Show all" lays out what is in view.
import { expect, test, type Page } from "@playwright/test";
import { bigFields, openBigOutputWorkflow, runWholeWorkflow, watchLongTasks } from "../helpers/big-output-workflow";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

/** Ten fields of 150 rows of 2.7 KB: about 4 MB as the API sends it, 4.5 MB pretty-printed. Few
 *  rows, long strings: each field is one JSONata expression, which has a second to run, and 3,000
 *  rows each (editor-big-outputs.spec.ts) ran out of it on a machine under load. */
const BIG = bigFields({ fields: 10, rows: 150, note: 2_600 });

/** The bytes of every run read (GET /api/v1/runs/…) since `reset()`, as the browser got them. */
function countRunBytes(page: Page) {
  let body = 0;
  let wire = 0;
  const runs = new Set<string>();
  page.on("response", async (res) => {
    const m = /^\/api\/v1\/runs\/([^/]+)/.exec(new URL(res.url()).pathname);
    if (res.request().method() !== "GET" || !m) return;
    try {
      const [b, sizes] = await Promise.all([res.body(), res.request().sizes()]);
      body += b.length;
      wire += sizes.responseBodySize;
      runs.add(m[1]);
    } catch {
      // A response of a page navigated away from: its body is gone, and it was not this page's.
    }
  });
  return {
    reset: () => void ((body = 0), (wire = 0), runs.clear()),
    get body() {
      return body;
    },
    get wire() {
      return wire;
    },
    runs,
  };
}

/** Bytes of GET /api/v1/runs/… responses whose path does not match `except`, as the browser got them. */
function countRunBytesExcept(page: Page, except: RegExp) {
  const seen = { body: 0 };
  page.on("response", async (res) => {
    const path = new URL(res.url()).pathname;
    if (res.request().method() !== "GET" || !path.startsWith("/api/v1/runs/") || except.test(path)) return;
    seen.body += await res.body().then((b) => b.length, () => 0);
  });
  return seen;
}

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;

test("Workflow data and the canvas read ten 4 MB runs without their outputs, then only the output shown", async ({ page }) => {
  test.setTimeout(300_000);
  const { ws, id } = await openBigOutputWorkflow(page, "bigdata", {
    big: BIG,
    testingData: { host: "edr-01" },
    after: [{ id: "last-step", kind: "transform", name: "Last", config: { fields: [{ name: "n", expression: "1" }] } }],
  });
  const runs: string[] = [];
  for (let i = 0; i < 10; i++) runs.push(await runWholeWorkflow(page, id));
  const latest = runs[runs.length - 1];
  const big = (await (await page.request.get(`/api/v1/runs/${latest}`)).body()).length;

  const read = countRunBytes(page);
  const started = Date.now();
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-2").click();
  const data = page.getByRole("complementary", { name: "Workflow data" });
  const tree = data.getByRole("tree", { name: "Step outputs" });
  await expect(tree).toHaveAttribute("data-run-id", latest, { timeout: 120_000 });
  await expect(data.locator('[data-reference="{{ 1.host }}"]')).toContainText('"edr-01"');
  const usable = Date.now() - started;
  // "Data from" offers the ten runs, each named by kind and status as before.
  const from = data.getByLabel("Data from");
  await expect(from.locator("option")).toHaveCount(11, { timeout: 120_000 });
  await expect(from.locator("option").nth(1)).toHaveText(/^test · whole workflow · succeeded · /);
  // Every run the panel offers has been read (the canvas's latest too): settled.
  await expect.poll(() => runs.every((r) => read.runs.has(r)), { timeout: 120_000 }).toBe(true);
  const settled = Date.now() - started;
  const opened = { body: read.body, wire: read.wire };
  console.log(`step 2 selected (the trigger's data shown), 10 runs of ${mb(big)}: panel usable ${usable} ms after navigation, every run read ${settled} ms; runs read ${mb(opened.body)} (${mb(opened.wire)} on the wire)`);
  // Step 2 shows the trigger's payload only: none of the ten 4 MB outputs is read.
  expect(opened.body).toBeLessThan(200_000);

  // Step 3 shows step 2's output: a preview of that one output of the run shown is read, no
  // other — the first items of each array, the start of each long string (…?preview=true), where
  // the whole 4 MB output was read to draw three of its rows.
  read.reset();
  const picked = Date.now();
  await page.getByTestId("step-node-3").click();
  await expect(data.locator('[data-reference="{{ 2.rows1 }}"]')).toContainText("150 items", { timeout: 60_000 });
  await expect(data.locator('[data-reference="{{ 2.rows1.0 }}"]')).toContainText("4 fields");
  const shown = Date.now() - picked;
  console.log(`step 3 selected (step 2's output shown): shown ${shown} ms after the click; runs read ${mb(read.body)} (${mb(read.wire)} on the wire) of a ${mb(big)} run`);
  expect(read.body).toBeLessThan(100_000);
  // Every field path of the first rows, with its type and sample; the cut said.
  await tree.getByRole("treeitem", { name: "0, object, 4 fields" }).first().getByTestId("data-toggle").first().click();
  await tree.getByRole("treeitem", { name: "2, object, 4 fields" }).first().getByTestId("data-toggle").first().click();
  await expect(data.locator('[data-reference="{{ 2.rows1.0.name }}"]')).toContainText('"device-1"');
  await expect(data.locator('[data-reference="{{ 2.rows1.2.id }}"]')).toContainText("3");
  await expect(data.locator('[data-reference="{{ 2.rows1.0.note }}"]')).toContainText("2,600 characters");
  await expect(data.locator('[data-reference="{{ 2.rows10 }}"]')).toContainText("150 items");
  await expect(data.getByTestId("data-more").first()).toHaveText("… 147 more (first 3 of 150 items shown)");

  // Another run picked under "Data from": a preview of its step 2 output, read then.
  read.reset();
  await from.selectOption(runs[0]);
  await expect(tree).toHaveAttribute("data-run-id", runs[0]);
  await expect(data.locator('[data-reference="{{ 2.rows1 }}"]')).toContainText("150 items", { timeout: 60_000 });
  expect(read.body).toBeLessThan(100_000);
});

test("a Code step's 5 MB log shows its first lines, with Show all, Copy and Download for the rest", async ({ page }) => {
  test.setTimeout(180_000);
  const code = 'for (let i = 1; i <= 500; i++) console.log("line " + i + " " + "x".repeat(9980)); return { ok: true };';
  const { ws, id } = await openOwnWorkflow(page, "biglog", [
    { kind: "webhook", config: { testingData: { n: 1 } } },
    { id: "chatty", kind: "code", name: "Chatty", config: { code, timeoutMs: 30_000 } },
  ]);
  const run = await runWholeWorkflow(page, id);
  const tasks = await watchLongTasks(page);
  await page.goto(`/w/${ws}/workflows/${id}?step=chatty&run=${run}`);
  const entry = page.getByTestId("step-panel").locator(`[data-testid=execution][data-run-id="${run}"]`);
  // The box the log lines are in (named "Log" now; unnamed before).
  const log = entry.locator("pre").filter({ hasText: "line 1 x" });
  await expect(log).toContainText("line 1 xxx", { timeout: 60_000 });
  const openBlock = await tasks.longest();
  const shown = (await log.textContent())!.length;
  console.log(`5 MB log: ${shown} characters laid out on opening, longest block ${openBlock} ms`);
  expect(shown).toBeLessThan(50_000);
  const cut = entry.getByTestId("log-view-cut");
  await expect(cut).toContainText(/… [\d,]+ more lines/);
  await expect(cut.getByRole("button", { name: /^Show all \(\d+(\.\d)? MB\)$/ })).toBeVisible();
  await expect(cut.getByRole("button", { name: "Copy" })).toBeVisible();
  const download = page.waitForEvent("download");
  await cut.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("log.txt");
  await cut.getByRole("button", { name: /^Show all/ }).click();
  await expect(log).toContainText("line 500 xxx");
});

test("Show all on a 5 MB output keeps the page responsive and holds the whole output", async ({ page }) => {
  test.setTimeout(180_000);
  const { ws, id } = await openBigOutputWorkflow(page, "bigall", { big: BIG });
  const run = await runWholeWorkflow(page, id);
  const tasks = await watchLongTasks(page);
  await page.goto(`/w/${ws}/workflows/${id}?step=big-step&run=${run}`);
  const entry = page.getByTestId("step-panel").locator(`[data-testid=execution][data-run-id="${run}"]`);
  const output = entry.getByLabel("Output");
  await expect(output).toContainText('"name": "device-1"', { timeout: 60_000 });
  const cut = entry.getByTestId("json-view-cut");
  // Settled before the click: what is measured is Show all's own work.
  await expect(cut.getByRole("button", { name: /^Show all/ })).toBeEnabled();
  await tasks.mark();
  const clicked = Date.now();
  await cut.getByRole("button", { name: /^Show all/ }).click();
  await expect(output).toContainText('"name": "device-150"', { timeout: 60_000 });
  await expect(output).toContainText('"rows10": [');
  // The page answers while the output is there: a click on another tab goes through at once.
  await entry.locator("button[aria-expanded]").first().click();
  await expect(output).toHaveCount(0);
  const took = Date.now() - clicked;
  const block = await tasks.longest();
  console.log(`Show all on a 5 MB output: longest block ${block} ms, output whole and entry closed again ${took} ms after the click`);
  expect(block).toBeLessThan(1_000);
  // Copy and Download stay, for the whole of it.
  await entry.locator("button[aria-expanded]").first().click();
  await expect(cut.getByRole("button", { name: "Download" })).toBeVisible();
});

test("step 3's Executions entry and Test & Debug read step 3's record, not the run's 4 MB step 2 output", async ({ page }) => {
  test.setTimeout(180_000);
  const { ws, id } = await openBigOutputWorkflow(page, "bigstep", {
    big: BIG,
    after: [{ id: "last-step", kind: "transform", name: "Last", config: { fields: [{ name: "n", expression: "41 + 1" }] } }],
  });
  const run = await runWholeWorkflow(page, id);
  // Workflow data beside step 3 shows step 2's output, and reads it (GET …/steps/big-step): that is
  // asked for. Everything else read about runs is counted.
  const read = countRunBytesExcept(page, /\/steps\/big-step$/);
  await page.goto(`/w/${ws}/workflows/${id}?step=last-step&run=${run}`);
  const panel = page.getByTestId("step-panel");
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run}"]`);
  await expect(entry.getByLabel("Output")).toContainText('"n": 42', { timeout: 60_000 });
  await expect(entry.getByRole("button", { name: "Run again" })).toBeVisible();
  console.log(`step 3's entry opened: runs read ${(read.body / 1e3).toFixed(1)} KB besides Workflow data's step 2 output`);
  expect(read.body).toBeLessThan(100_000);

  // Run step on step 3: a test whose records copy step 2's output, polled until it ends.
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("succeeded", { timeout: 60_000 });
  await expect(result.getByLabel("Step output")).toContainText('"n": 42');
  console.log(`after Run step on step 3: runs read ${(read.body / 1e3).toFixed(1)} KB besides Workflow data's step 2 output`);
  expect(read.body).toBeLessThan(200_000);
});

test("the trigger's Executions entry shows the payload of a run with a 4 MB output, reading KBs", async ({ page }) => {
  test.setTimeout(180_000);
  const payload = { host: "edr-01", alerts: [{ id: 1, severity: "high" }, { id: 2, severity: "low" }] };
  const { ws, id } = await openBigOutputWorkflow(page, "bigtrig", { big: BIG, testingData: payload });
  const run = await runWholeWorkflow(page, id);
  const big = (await (await page.request.get(`/api/v1/runs/${run}`)).body()).length;
  const read = countRunBytes(page);
  await page.goto(`/w/${ws}/workflows/${id}?step=hook&run=${run}`);
  const entry = page.getByTestId("step-panel").locator(`[data-testid=execution][data-run-id="${run}"]`);
  const received = entry.getByLabel("Received payload");
  await expect(received).toContainText('"host": "edr-01"', { timeout: 60_000 });
  await expect(received).toContainText('"severity": "low"');
  await expect(entry.getByRole("button", { name: "Run again" })).toBeVisible();
  // Its times as before: the run's start and how long it took.
  await expect(entry.locator("dl")).not.toContainText("—");
  console.log(`the trigger's entry opened on a ${mb(big)} run: runs read ${(read.body / 1e3).toFixed(1)} KB`);
  // The run without its data and step 1's record: not step 2's 4 MB (it read the run's detail).
  expect(read.body).toBeLessThan(100_000);
});
