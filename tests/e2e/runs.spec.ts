// The Runs view: a provider owner sees a client's failed run next to the provider's own runs,
// narrows to failures, sees a new failure arrive without reloading, opens the run to the step
// that failed, and from there the editor on that step's execution. Its own provider, so the
// seeded one is untouched; the runs are real (webhook deliveries executed by the worker).
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("runs across workflows and clients, filtered to failures, open to their steps", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Runs MSP ${tag}`;
  const email = `runs-owner-${tag}@example.test`;
  await createProviderOwner(provider, email, "runs-pw-1");
  await signIn(page, email, "runs-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string; kind: string }[] };
  const providerId = workspaces[0].id;
  const client = (await (await page.request.post(`/api/v1/workspaces/${providerId}/clients`, { data: { name: "Woodgrove Bank" } })).json()) as { id: string };

  // One workflow that succeeds (provider) and one whose code step throws (client), both Live.
  const live = async (workspaceId: string, name: string, code: string) => {
    const wf = (await (
      await page.request.post(`/api/v1/workspaces/${workspaceId}/workflows`, {
        data: { name, steps: [{ kind: "webhook", config: {} }, { kind: "code", name: "Check disk", config: { code } }] },
      })
    ).json()) as { id: string };
    const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
    expect((await page.request.post(webhookUrl, { data: { host: "srv-01" } })).status()).toBe(202);
    return webhookUrl;
  };
  await live(providerId, "Heartbeat", "return { ok: true };");
  const diskHook = await live(client.id, "Disk alert", 'throw new Error("disk D: is full");');

  await page.goto(`/w/${providerId}/workflows`);
  await page.getByRole("navigation", { name: "Workspace views" }).getByRole("link", { name: "Runs" }).click();
  await expect(page.getByRole("heading", { name: "Runs" })).toBeVisible();
  const rows = page.getByTestId("run-row");
  // Both runs, the client's with its workspace; reload until the worker has finished both.
  await expect(async () => {
    await page.reload();
    await expect(rows.filter({ hasText: "Heartbeat" })).toContainText("succeeded", { timeout: 1_000 });
    await expect(rows.filter({ hasText: "Disk alert" })).toContainText("failed", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows.filter({ hasText: "Disk alert" })).toContainText("Woodgrove Bank");
  await expect(rows.filter({ hasText: "Disk alert" })).toContainText("disk D: is full");

  await page.getByLabel("Status").selectOption("failed");
  await expect(page).toHaveURL(/status=failed/);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: /^Steps of run/ }).click();
  const steps = page.getByRole("list", { name: /^Steps of run/ });
  await expect(steps.getByRole("listitem").filter({ hasText: "Check disk" })).toContainText("failed");
  await expect(steps).toContainText("disk D: is full");
  await page.screenshot({ path: "docs/screenshots/runs.png" });

  // Without clients, only the provider's own (successful) run is left, so no failure shows.
  await page.getByLabel("Include clients").uncheck();
  await expect(page).toHaveURL(/clients=false/);
  await expect(page.getByText("No runs match.")).toBeVisible();

  // The page refreshes itself: a new failure shows up without a reload.
  await page.getByLabel("Include clients").check();
  await expect(page).toHaveURL(/clients=true/);
  await expect(rows).toHaveCount(1);
  expect((await page.request.post(diskHook, { data: { host: "srv-02" } })).status()).toBe(202);
  await expect(rows).toHaveCount(2, { timeout: 30_000 });

  // From a failed step straight into the editor: that step selected, its Executions tab open
  // on this run, the error in view.
  await page.reload(); // rows opened before stay open across filter changes; start closed
  const runId = await rows.first().getAttribute("data-run-id");
  await rows.first().getByRole("button", { name: /^Steps of run/ }).click();
  await page.getByRole("link", { name: "Check disk" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/[^/?]+\\?step=[^&]+&run=${runId}$`));
  await expect(page.getByRole("tab", { name: "Executions" })).toHaveAttribute("aria-selected", "true");
  const execution = page.locator(`[data-testid="execution"][data-run-id="${runId}"]`);
  await expect(execution.getByRole("button", { expanded: true })).toBeVisible();
  await expect(execution).toContainText("disk D: is full");
  // On the trigger, the same run shows how the run ended (the trigger step itself succeeded).
  await page.getByTestId("step-node-1").click();
  await page.getByTestId("step-panel").getByRole("tab", { name: "Executions" }).click();
  const arrived = page.locator(`[data-testid="execution"][data-run-id="${runId}"]`);
  await expect(arrived.getByRole("button").first()).toContainText("failed");
  await arrived.getByRole("button").first().click();
  await expect(arrived).toContainText("The run failed: step 2");
});

// A Live workflow in the seeded provider, and the id of its newest run once it has `status`.
async function liveWorkflow(page: Page, name: string, steps: unknown[]) {
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string; kind: string }[] };
  const ws = workspaces.find((w) => w.kind === "provider")!.id;
  const wf = (await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `${name} ${Date.now()}`, steps } })).json()) as { id: string };
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
  return { ws, wf, webhookUrl };
}

async function newestRunWhen(page: Page, workflowId: string, status: string): Promise<string> {
  let runId = "";
  await expect
    .poll(async () => {
      const { runs } = (await (await page.request.get(`/api/v1/workflows/${workflowId}/runs`)).json()) as { runs: { id: string; status: string }[] };
      runId = runs[0]?.status === status ? runs[0].id : "";
      return runId;
    })
    .not.toBe("");
  return runId;
}

test("a link to a step the run skipped says so", async ({ page }) => {
  await signIn(page);
  const { ws, wf, webhookUrl } = await liveWorkflow(page, "Route by severity", [
    { kind: "webhook", config: {} },
    { id: "route", kind: "conditions", config: { branches: [{ id: "low", name: "Low", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "low" }], target: "ticket" }], otherwise: { target: "page" } } },
    { id: "page", kind: "transform", name: "Page on-call", config: { fields: [{ name: "p", expression: "1" }] } },
    { id: "ticket", kind: "transform", name: "Ticket", config: { fields: [{ name: "t", expression: "1" }] } },
  ]);
  expect((await page.request.post(webhookUrl, { data: { severity: "low" } })).status()).toBe(202);
  const runId = await newestRunWhen(page, wf.id, "succeeded");
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=page&run=${runId}`);
  await expect(page.getByTestId("step-panel").getByRole("status")).toContainText("skipped this step: the branch it took does not include it");
});

test("a link to a step a stopped run never reached says the run was stopped, not that a branch left it out", async ({ page }) => {
  await signIn(page);
  const { ws, wf, webhookUrl } = await liveWorkflow(page, "Hold then report", [
    { kind: "webhook", config: {} },
    { kind: "wait", config: { mode: "duration", seconds: 3600 } },
    { id: "report", kind: "transform", name: "Report", config: { fields: [{ name: "r", expression: "1" }] } },
  ]);
  expect((await page.request.post(webhookUrl, { data: {} })).status()).toBe(202);
  const runId = await newestRunWhen(page, wf.id, "waiting");
  expect((await page.request.post(`/api/v1/runs/${runId}/stop`)).status()).toBe(200);
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=report&run=${runId}`);
  await expect(page.getByTestId("step-panel").getByRole("status")).toContainText("skipped this step: the run was stopped before it reached this step.");
});

test("in a failed run, a step its branch went around is blamed on the branch, not on the failure", async ({ page }) => {
  await signIn(page);
  const { ws, wf, webhookUrl } = await liveWorkflow(page, "Branch then fail", [
    { kind: "webhook", config: {} },
    { kind: "conditions", config: { branches: [{ id: "one", name: "One", rules: [{ left: "{{ 1.a }}", op: "equals", right: "1" }], target: "boom" }], otherwise: { target: "aside" } } },
    { id: "aside", kind: "transform", name: "Aside", config: { fields: [{ name: "x", expression: "1" }] } },
    { id: "boom", kind: "code", name: "Boom", config: { code: 'throw new Error("x")' } },
  ]);
  expect((await page.request.post(webhookUrl, { data: { a: 1 } })).status()).toBe(202);
  const runId = await newestRunWhen(page, wf.id, "failed");
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=aside&run=${runId}`);
  await expect(page.getByTestId("step-panel").getByRole("status")).toContainText("skipped this step: the branch it took does not include it");
});

test("the Runs page lists a step removed from the workflow since the run without a link to an editor step that is gone", async ({ page }) => {
  await signIn(page);
  const { ws, wf, webhookUrl } = await liveWorkflow(page, "Hold then edit", [
    { id: "hook", kind: "webhook", config: {} },
    { id: "hold", kind: "wait", name: "Hold", config: { mode: "duration", seconds: 3600 } },
    { id: "after", kind: "transform", name: "After", config: { fields: [{ name: "r", expression: "1" }] } },
  ]);
  expect((await page.request.post(webhookUrl, { data: {} })).status()).toBe(202);
  const runId = await newestRunWhen(page, wf.id, "waiting");
  const current = (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { name: string; version: number; steps: { id: string }[] };
  const kept = current.steps.filter((s) => s.id !== "hold");
  expect((await page.request.put(`/api/v1/workflows/${wf.id}`, { data: { name: current.name, version: current.version, steps: kept } })).status()).toBe(200);
  expect((await page.request.post(`/api/v1/runs/${runId}/stop`)).status()).toBe(200);

  await page.goto(`/w/${ws}/runs`);
  await page.getByRole("button", { name: `Steps of run ${runId}` }).click();
  const steps = page.getByRole("list", { name: `Steps of run ${runId}` });
  await expect(steps).toContainText("wait (removed)");
  await expect(steps.getByRole("link", { name: /wait/ })).toHaveCount(0);
  await expect(steps.getByRole("link", { name: "After" })).toBeVisible();
});
