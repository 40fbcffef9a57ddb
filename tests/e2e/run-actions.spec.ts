// Stop run and Run again from a trigger's Executions: a run parked on a Wait is stopped after a
// confirmation and reads as stopped by whom; Run again starts a new test run with the same payload.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("stop a waiting run, then run it again", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: `Stop and rerun ${Date.now()}`,
      steps: [
        { kind: "webhook", config: { testingData: { ticket: 4242 } } },
        { kind: "wait", config: { mode: "duration", seconds: 3600 } },
      ],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const started = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("waiting");

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await entry.getByRole("button", { expanded: false }).click();
  await entry.getByRole("button", { name: "Stop run" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Stop this run?" });
  await dialog.getByRole("button", { name: "Stop run" }).click();
  await expect(entry).toContainText("The run was stopped by owner@example.com");
  await expect(entry.getByRole("button", { name: "Stop run" })).toHaveCount(0);

  await entry.getByRole("button", { name: "Run again" }).click();
  await expect(entry.getByRole("status")).toContainText("Started a new test run");
  const executions = panel.getByTestId("execution");
  await expect(executions).toHaveCount(2);
  const again = executions.first();
  await expect(again).not.toHaveAttribute("data-run-id", run.id);
  await again.getByRole("button", { expanded: false }).click();
  await expect(again).toContainText("4242");
  await again.getByRole("button", { name: "Stop run" }).click();
  await dialog.getByRole("button", { name: "Stop run" }).click();
  await expect(again).toContainText("The run was stopped by");

  // Run again right after an edit runs what the editor shows: the pending save goes first.
  await page.route(`**/api/v1/workflows/${id}`, async (route) => {
    if (route.request().method() === "PUT") await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const order: string[] = [];
  page.on("response", (r) => void (r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`) && order.push("saved")));
  page.on("request", (r) => void (r.url().endsWith("/rerun") && order.push("rerun")));
  await page.getByTestId("step-node-2").click();
  await panel.getByLabel("Step name").fill("Edited just now");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const latest = panel.getByTestId("execution").first();
  await latest.getByRole("button", { expanded: false }).click();
  await latest.getByRole("button", { name: "Run again" }).click();
  await expect.poll(() => order.join(" "), { timeout: 15_000 }).toBe("saved rerun");
});
