// Test & Debug follows the test run it started until it ends: while it is queued, running or
// waiting (here on a third party's Retry-After of an hour) the panel offers Stop, which ends it
// as Executions' Stop does; and a new Run step stops the one still going first, so no forgotten
// test sends its request again an hour later. The intro names only the earlier steps the tested
// step reads — those whose latest outputs Run step borrows (create-step-test-run.ts). A Run step
// that is refused (someone else saved meanwhile) stops nothing: the test followed goes on, and is
// still followed (Result, Stop) after another tab was shown.
import { expect, test, type Page } from "@playwright/test";
import { serveOnAllowedHost } from "./allowed-host-server";
import { holdWorkflowReads } from "./hold-workflow-reads";
import { openOwnWorkflow } from "./own-workflow";
import { openTestDebug, runStepSucceeded } from "./test-debug-tab";

test.use({ viewport: { width: 1600, height: 900 } });

// Always 503 with Retry-After: 3600.
const busy = serveOnAllowedHost((_req, res) => res.writeHead(503, { "content-type": "application/json", "retry-after": "3600" }).end('{"busy":true}'));

const statusOf = async (page: Page, runId: string) => ((await (await page.request.get(`/api/v1/runs/${runId}?outputs=false`)).json()) as { status: string }).status;

/** A workflow whose step 2 is a GET to the busy server, step 1 tested, step 2's Test & Debug open. */
async function busyStepOpen(page: Page, prefix: string) {
  const url = `${busy.url()}/tickets`;
  const wf = await openOwnWorkflow(page, prefix, [
    { kind: "webhook", config: { testingData: { a: 1 } } },
    { kind: "http", name: "Open ticket", config: { method: "GET", url } },
  ]);
  await runStepSucceeded(page, 1);
  const panel = await openTestDebug(page, 2);
  return { wf, panel };
}

/** Clicks Run step and waits until its run waits on the Retry-After; the run's id. */
async function runStepUntilWaiting(page: Page, panel: ReturnType<Page["getByTestId"]>) {
  const started = page.waitForResponse((r) => r.url().endsWith("/steps/2/test") && r.request().method() === "POST");
  await panel.getByRole("button", { name: "Run step" }).click();
  const res = await started;
  expect(res.ok()).toBe(true);
  const { run } = (await res.json()) as { run: { id: string } };
  await expect.poll(() => statusOf(page, run.id), { timeout: 30_000 }).toBe("waiting");
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("next attempt at", { timeout: 15_000 });
  return run.id;
}

test("Stop ends a Run step test waiting an hour on Retry-After", async ({ page }) => {
  test.setTimeout(120_000);
  const { panel } = await busyStepOpen(page, "td-stop");
  const runId = await runStepUntilWaiting(page, panel);
  // From the keyboard.
  await panel.getByRole("button", { name: "Stop", exact: true }).focus();
  await page.keyboard.press("Enter");
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result.getByText("stopped", { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await statusOf(page, runId)).toBe("stopped");
  // Ended: nothing left to stop; focus goes to Run step, not dropped to <body> with the button.
  await expect(panel.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Run step" })).toBeFocused();
});

test("a second Run step stops the first, which sends nothing more", async ({ page }) => {
  test.setTimeout(120_000);
  const { panel } = await busyStepOpen(page, "td-supersede");
  const first = await runStepUntilWaiting(page, panel);
  const second = await runStepUntilWaiting(page, panel);
  expect(second).not.toBe(first);
  expect(await statusOf(page, first)).toBe("stopped");
  await expect(panel.getByRole("status").filter({ hasText: "Stopped the earlier test run" })).toBeVisible();
  // The one followed now is the second, and Stop ends it.
  await panel.getByRole("button", { name: "Stop", exact: true }).click();
  await expect.poll(() => statusOf(page, second), { timeout: 15_000 }).toBe("stopped");
});

test("a refused Run step leaves the test still going as it was", async ({ page }) => {
  test.setTimeout(120_000);
  const { wf, panel } = await busyStepOpen(page, "td-refused");
  const first = await runStepUntilWaiting(page, panel);
  // Someone else saves; my rename of step 2 then conflicts.
  const release = await holdWorkflowReads(page, wf.id);
  const theirs = (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { steps: unknown[]; version: number };
  expect((await page.request.put(`/api/v1/workflows/${wf.id}`, { data: { name: "Theirs", steps: theirs.steps, version: theirs.version } })).status()).toBe(200);
  await panel.getByRole("tab", { name: "Configure" }).click();
  await panel.getByLabel("Step name").fill("Mine");
  await release(); // my edit is made: a read now finds their version with mine unsaved
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "conflict");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("alert").filter({ hasText: "saved elsewhere meanwhile" })).toBeVisible();
  expect(await statusOf(page, first)).toBe("waiting");
  await expect(panel.getByRole("status").filter({ hasText: "Stopped the earlier test run" })).toHaveCount(0);
  // Still followed after Configure was shown, and Stop ends it.
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("next attempt at");
  await panel.getByRole("button", { name: "Stop", exact: true }).click();
  await expect.poll(() => statusOf(page, first), { timeout: 15_000 }).toBe("stopped");
});

test("the intro names the earlier steps the tested step reads, or says it reads none", async ({ page }) => {
  const url = busy.url();
  await openOwnWorkflow(page, "td-intro", [
    { kind: "webhook", config: { testingData: { a: 1 } } },
    { kind: "http", name: "Two", config: { method: "GET", url: `${url}/two?a={{ 1.a }}` } },
    { kind: "http", name: "Three", config: { method: "GET", url: `${url}/three` } },
    { kind: "http", name: "Four", config: { method: "GET", url: `${url}/four` } },
    { kind: "http", name: "Five", config: { method: "GET", url: `${url}/five?s={{ 3.status }}` } },
  ]);
  const panel = page.getByTestId("step-panel");
  const intro = panel.locator("p", { hasText: "Run step executes only this step" });
  await openTestDebug(page, 4);
  await expect(intro).toContainText("it reads none of steps 2–3");
  await expect(intro).not.toContainText("steps 1–3");
  await openTestDebug(page, 5);
  await expect(intro).toContainText("step 1 (the trigger) and step 3, which it reads");
});
