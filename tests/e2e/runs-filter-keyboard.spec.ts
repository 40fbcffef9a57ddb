// The Runs filters from the keyboard: with focus on a select, each arrow key steps to the next
// option and the list follows (the URL changes), while focus stays on the select — it was rebuilt
// on every change, so focus fell to the page after the first arrow.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("arrow keys step through the Status and Started within options with focus kept", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `runs-keys-${tag}@example.test`;
  await createProviderOwner(`Runs keys MSP ${tag}`, email, "runs-keys-pw-1");
  await signIn(page, email, "runs-keys-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  // One run that fails, so the list visibly follows the filter.
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: { name: "Disk check", steps: [{ kind: "webhook", config: { testingData: { host: "a" } } }, { kind: "code", config: { code: 'throw new Error("disk full");' } }] },
    })
  ).json()) as { id: string };
  const started = await page.request.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { data: { scope: "workflow" } });
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("failed");

  await page.goto(`/w/${ws}/runs`);
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(1);
  const status = page.getByLabel("Status");
  await status.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/status=failed/);
  await expect(status).toBeFocused();
  await expect(status).toHaveValue("failed");
  await expect(rows).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/status=running/);
  await expect(status).toBeFocused();
  await expect(status).toHaveValue("running");
  await expect(page.getByText("No runs match.")).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await expect(page).toHaveURL(/status=failed/);
  await expect(rows).toHaveCount(1);
  await expect(status).toBeFocused();

  // Tab to the next filter, and step it the same way.
  await page.keyboard.press("Tab");
  const within = page.getByLabel("Started within");
  await expect(within).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page).toHaveURL(/days=1(&|$)/);
  await expect(within).toBeFocused();
  await expect(within).toHaveValue("1");
  await expect(rows).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/days=7/);
  await expect(within).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/days=30/);
  await expect(within).toBeFocused();
  await expect(within).toHaveValue("30");
  // The first filter kept its choice across the navigations.
  await expect(status).toHaveValue("failed");
  await expect(page).toHaveURL(/status=failed/);

  // Back in the browser: the filters show what the URL says again.
  await page.goBack();
  await expect(page).toHaveURL(/days=7/);
  await expect(within).toHaveValue("7");
});
