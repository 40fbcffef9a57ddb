// The Runs page refreshes itself every 10 s; a run opened to its steps follows its row: one
// parked on a Wait shows the wait as waiting, then, once the wait is over and the list has
// refreshed, the wait succeeded and the step after it too, without closing and reopening the row.
// Its own provider, so the seeded one is untouched.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("an opened run's steps follow the row as the page refreshes", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `runs-refresh-${tag}@example.test`;
  await createProviderOwner(`Runs refresh MSP ${tag}`, email, "runs-refresh-pw-1");
  await signIn(page, email, "runs-refresh-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Maintenance window",
      steps: [
        { kind: "webhook", config: { testingData: { ticket: 7 } } },
        { kind: "wait", name: "Hold", config: { mode: "duration", seconds: 10 } },
        { kind: "transform", name: "Close ticket", config: { fields: [{ name: "t", expression: "1" }] } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string };
  const started = await page.request.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { data: { scope: "workflow" } });
  expect(started.ok()).toBe(true);
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("waiting");

  await page.goto(`/w/${ws}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${run.id}"]`);
  await expect(row).toContainText("waiting");
  await row.getByRole("button", { name: /^Steps of run/ }).click();
  const steps = page.getByRole("list", { name: `Steps of run ${run.id}` });
  await expect(steps.getByRole("listitem").filter({ hasText: "Hold" })).toContainText("waiting");
  await expect(steps.getByRole("listitem").filter({ hasText: "Close ticket" })).toHaveCount(0);

  // The wait ends; a refresh of the list (every 10 s) brings the row and its steps up to date.
  await expect(row).toContainText("succeeded", { timeout: 45_000 });
  await expect(steps.getByRole("listitem").filter({ hasText: "Hold" })).toContainText("succeeded", { timeout: 15_000 });
  await expect(steps.getByRole("listitem").filter({ hasText: "Close ticket" })).toContainText("succeeded");
});
