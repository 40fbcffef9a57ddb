// The Conditions panel's "Remembered ids" section: the ids real deliveries made a "was already
// seen" rule remember, counted; checking one; forgetting it (the count drops, and its next
// delivery runs on past the rule); forgetting all after a confirm. Its own provider.
import { expect, test, type Page } from "@playwright/test";
import { createMember } from "./e2e-database";
import { openOwnWorkflow } from "./own-workflow";
import { signIn } from "./sign-in";

type Run = { id: string; status: string };

async function runsEnded(page: Page, id: string, count: number): Promise<Run[]> {
  let runs: Run[] = [];
  await expect
    .poll(async () => {
      runs = ((await (await page.request.get(`/api/v1/workflows/${id}/runs?limit=20`)).json()) as { runs: Run[] }).runs;
      return runs.length >= count && runs.every((r) => ["succeeded", "failed", "stopped"].includes(r.status));
    }, { timeout: 30_000 })
    .toBe(true);
  return runs;
}

const STEPS = [
  { kind: "webhook", config: {} },
  { id: "dedup", kind: "conditions", name: "Repeat?", config: { branches: [{ id: "dup", name: "Already seen", rules: [{ left: "{{ 1.alertId }}", op: "seen_before", right: "" }], target: "stop" }], otherwise: { target: "ticket" } } },
  { id: "ticket", kind: "transform", name: "Open ticket", config: { fields: [{ name: "text", expression: '"Ticket for " & {{ 1.alertId }}' }] } },
];

test("forgetting a remembered id drops the count and lets its next delivery run on", async ({ page }) => {
  const wf = await openOwnWorkflow(page, "seen-ids", STEPS);
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
  for (const alertId of ["alert-1", "alert-2"]) expect((await page.request.post(webhookUrl, { data: { alertId } })).status()).toBe(202);
  await runsEnded(page, wf.id, 2);

  await page.goto(`/w/${wf.ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-2").click();
  const section = page.getByTestId("step-panel").getByRole("region", { name: /Remembered ids/ });
  await expect(section.getByRole("heading")).toHaveText(/^Remembered ids: 2 \(since .+\)$/);

  await section.getByRole("textbox", { name: "Check an id" }).fill("alert-1");
  await section.getByRole("button", { name: "Check" }).click();
  await expect(section.getByRole("status")).toContainText('"alert-1" is remembered: first seen');
  await section.getByRole("button", { name: "Forget this id" }).click();
  await expect(section.getByRole("status")).toHaveText('Forgot "alert-1": its next delivery runs on.');
  await expect(section.getByRole("heading")).toHaveText(/^Remembered ids: 1 \(since .+\)$/);

  // The resend goes past the rule: it succeeds (a repeat would stop).
  expect((await page.request.post(webhookUrl, { data: { alertId: "alert-1" } })).status()).toBe(202);
  const [resent] = await runsEnded(page, wf.id, 3);
  expect(resent.status).toBe("succeeded");

  await section.getByRole("textbox", { name: "Check an id" }).fill("alert-404");
  await section.getByRole("button", { name: "Check" }).click();
  await expect(section.getByRole("status")).toHaveText('"alert-404" is not remembered: its next delivery runs on.');

  await page.reload();
  await page.getByTestId("step-node-2").click();
  await expect(section.getByRole("heading")).toHaveText(/^Remembered ids: 2 /);
  await section.getByRole("button", { name: "Forget all…" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Forget all 2 remembered ids?" });
  await dialog.getByRole("button", { name: "Forget all" }).click();
  await expect(section.getByRole("heading")).toHaveText("Remembered ids: 0");
  await expect(section.getByRole("button", { name: "Forget all…" })).toHaveCount(0);
});

test("a viewer sees the count and may check an id, but is offered no forgetting", async ({ page }) => {
  const wf = await openOwnWorkflow(page, "seen-viewer", STEPS);
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
  expect((await page.request.post(webhookUrl, { data: { alertId: "alert-v" } })).status()).toBe(202);
  await runsEnded(page, wf.id, 1);
  // openOwnWorkflow's provider is named "<prefix> MSP <tag>", its owner "<prefix>-<tag>@…".
  const tag = wf.email.split("@")[0].slice("seen-viewer-".length);
  const viewer = `seen-viewer-v-${tag}@example.test`;
  await createMember(`seen-viewer MSP ${tag}`, viewer, "seen-viewer-pw-2", "viewer");
  await page.context().clearCookies();
  await signIn(page, viewer, "seen-viewer-pw-2");
  await page.goto(`/w/${wf.ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-2").click();
  const section = page.getByTestId("step-panel").getByRole("region", { name: /Remembered ids/ });
  await expect(section.getByRole("heading")).toHaveText(/^Remembered ids: 1 \(since .+\)$/);
  await section.getByRole("textbox", { name: "Check an id" }).fill("alert-v");
  await section.getByRole("button", { name: "Check" }).click();
  await expect(section.getByRole("status")).toContainText('"alert-v" is remembered: first seen');
  await expect(section.getByRole("button", { name: "Forget this id" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Forget all…" })).toHaveCount(0);
});
