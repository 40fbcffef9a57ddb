// A client whose deliveries a provider's re-push stopped runs them all again from the review page
// once it has gone Live: the notice under Go live (and on the copy's Runs page, which leads to the
// review) says how many, by which push, and that they run on the version Live now; the button is
// disabled with the reason until then, and once pressed the runs start (here the new version has no
// Wait, so they finish) and the page says so.
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

type RunRow = { id: string; status: string; test: boolean; createdAt: string };

const runsOf = async (request: APIRequestContext, workflowId: string) =>
  ((await (await request.get(`/api/v1/workflows/${workflowId}/runs?limit=50`)).json()) as { runs: RunRow[] }).runs;

test("after going Live the client runs the runs a push stopped again, in one action", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-rerun-${tag}@example.test`;
  await createProviderOwner(`Rerun MSP ${tag}`, email, "push-rerun-pw-1");
  await signIn(page, email, "push-rerun-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Fabrikam ${tag}` } })).json()) as { id: string }).id;
  const hook = { id: "hook", kind: "webhook", name: "EDR alert", config: {} };
  const triage = { id: "triage", kind: "code", name: "Triage", config: { code: "return 1" } };
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Alert triage ${tag}`, steps: [hook, { id: "hold", kind: "wait", name: "Hold", config: { mode: "duration", seconds: 3600 } }, triage] },
  });
  const source = (await created.json()) as { id: string; version: number };
  const first = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(first.status(), await first.text()).toBe(201);
  const copy = ((await first.json()) as { copy: { id: string } }).copy.id;
  expect((await page.request.post(`/api/v1/workflows/${copy}/review/confirm`)).status()).toBe(200);
  const live = await page.request.post(`/api/v1/workflows/${copy}/live`);
  const webhookUrl = ((await live.json()) as { webhookUrl: string }).webhookUrl;

  // Three EDR alerts arrive and wait on the Hold step; the provider's new version drops it and is pushed.
  for (const alert of [1, 2, 3]) expect((await page.request.post(webhookUrl, { data: { alert } })).status()).toBe(202);
  await expect.poll(async () => (await runsOf(page.request, copy)).filter((r) => r.status === "waiting").length, { timeout: 30_000 }).toBe(3);
  const saved = await page.request.put(`/api/v1/workflows/${source.id}`, { data: { name: `Alert triage ${tag}`, version: source.version, steps: [hook, triage] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const again = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(((await again.json()) as { runsStopped: string[] }).runsStopped).toHaveLength(3);

  // The client's Runs page for the copy lists them stopped, offers the action, and leads to the review first.
  await page.goto(`/w/${clientId}/runs?workflowId=${copy}`);
  const onRuns = page.getByTestId("stopped-runs");
  await expect(onRuns.getByTestId("stopped-runs-summary")).toContainText(/^3 runs were stopped by the push of /);
  await expect(onRuns.getByRole("button", { name: "Run the 3 stopped runs again" })).toBeDisabled();
  await onRuns.getByRole("link", { name: "Open the review" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${clientId}/workflows/${copy}/review$`));

  const notice = page.getByTestId("stopped-runs");
  await expect(notice.getByTestId("stopped-runs-summary")).toContainText(/^3 runs were stopped by the push of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC and did not finish\./);
  await expect(notice.getByTestId("stopped-runs-summary")).toContainText(/They arrived (between )?\d{1,2} \w{3} \d{4}/);
  await expect(notice).toContainText("on the version that is Live now");
  const button = notice.getByRole("button", { name: "Run the 3 stopped runs again" });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription("Review this version and go Live first: the runs would otherwise run on steps nobody here has reviewed.");

  await page.getByRole("button", { name: "I reviewed the configuration" }).click();
  await expect(page.getByText("Every item is complete.")).toBeVisible();
  await page.getByRole("button", { name: "Go live" }).click();
  await expect(page.getByText("This workflow is Live.")).toBeVisible();
  await expect(button).toBeEnabled();
  await button.click();
  await expect(notice.getByRole("status")).toContainText("Started 3 runs on the version that is Live now.");
  // Nothing is left to start: the offer is gone, the result stays.
  await expect(notice.getByRole("button")).toHaveCount(0);

  // The new runs are live runs and run on the new version (no Hold step): they finish.
  await expect
    .poll(async () => (await runsOf(page.request, copy)).filter((r) => !r.test && r.status === "succeeded").length, { timeout: 30_000 })
    .toBe(3);
  await notice.getByRole("link", { name: "See them on the Runs page" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${clientId}/runs\\?workflowId=${copy}`));
});
