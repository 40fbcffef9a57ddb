// Stop run and Run again on the Runs page: a run parked on a Wait in a client is stopped after a
// confirmation and its row reads stopped at once; Run again starts a new test run and links to it
// in the editor; a run that ended meanwhile says so; a viewer of the provider sees neither
// button. Its own provider, so the seeded one is untouched.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

async function waitingRun(page: Page, workflowId: string): Promise<string> {
  const started = await page.request.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { data: { scope: "workflow" } });
  expect(started.ok()).toBe(true);
  const { run } = (await started.json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("waiting");
  return run.id;
}

test("stop a waiting run and run it again from the Runs page; a viewer gets neither", async ({ page, browser }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Runs actions MSP ${tag}`;
  const email = `runs-actions-${tag}@example.test`;
  await createProviderOwner(provider, email, "runs-pw-1");
  await signIn(page, email, "runs-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const providerId = workspaces[0].id;
  const client = (await (await page.request.post(`/api/v1/workspaces/${providerId}/clients`, { data: { name: "Fabrikam" } })).json()) as { id: string };
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${client.id}/workflows`, {
      data: { name: "Patch window", steps: [{ kind: "webhook", config: { testingData: { ticket: 4242 } } }, { kind: "wait", config: { mode: "duration", seconds: 3600 } }] },
    })
  ).json()) as { id: string };
  const first = await waitingRun(page, wf.id);

  await page.goto(`/w/${providerId}/runs`);
  const row = page.locator(`[data-testid=run-row][data-run-id="${first}"]`);
  await expect(row).toContainText("waiting");
  await expect(row.getByRole("button", { name: "Run again" })).toHaveCount(0);
  await row.getByRole("button", { name: "Stop run" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Stop this run?" });
  await dialog.getByRole("button", { name: "Stop run" }).click();
  await expect(row.getByRole("status")).toHaveText("Run stopped.");
  await expect(row).toContainText("stopped");
  await expect(row).toContainText(`stopped by ${email}`);
  await expect(row.getByRole("button", { name: "Stop run" })).toHaveCount(0);

  // Run again: a new test run, at the top of the list, and a link to it in the editor.
  await row.getByRole("button", { name: "Run again" }).click();
  const open = row.getByRole("status").getByRole("link", { name: "Open the new run" });
  await expect(row.getByRole("status")).toContainText("Started a new test run");
  const href = (await open.getAttribute("href"))!;
  const again = new URL(href, page.url()).searchParams.get("run")!;
  expect(again).toBeTruthy();
  expect(again).not.toBe(first);
  await expect(page.getByTestId("run-row").first()).toHaveAttribute("data-run-id", again);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/w/${client.id}/workflows/${wf.id}\\?step=[^&]+&run=${again}$`));
  const execution = page.locator(`[data-testid="execution"][data-run-id="${again}"]`);
  await expect(execution).toContainText("4242");

  // A run that ends between the click and the call: the refusal is shown, and the row catches up.
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${again}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("waiting");
  await page.goto(`/w/${providerId}/runs`);
  const second = page.locator(`[data-testid=run-row][data-run-id="${again}"]`);
  await expect(second).toContainText("waiting");
  await page.route(`**/api/v1/runs/${again}/stop`, async (route) => {
    expect((await page.request.post(`/api/v1/runs/${again}/stop`)).status()).toBe(200);
    await route.continue();
  });
  await second.getByRole("button", { name: "Stop run" }).click();
  await dialog.getByRole("button", { name: "Stop run" }).click();
  await expect(second.getByRole("alert")).toContainText("the run has already ended (stopped)");
  await expect(second).toContainText(`stopped by ${email}`);
  await expect(second.getByRole("button", { name: "Run again" })).toBeVisible();

  // A viewer of the provider sees the client's runs, and no way to act on them.
  const viewerEmail = `runs-viewer-${tag}@example.test`;
  await createMember(provider, viewerEmail, "runs-pw-2", "viewer");
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signIn(viewer, viewerEmail, "runs-pw-2");
  await viewer.goto(`/w/${providerId}/runs`);
  await expect(viewer.getByTestId("run-row")).toHaveCount(2);
  await expect(viewer.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^(Stop run|Run again)$/ })).toHaveCount(0);
  expect((await viewer.request.post(`/api/v1/runs/${first}/rerun`)).status()).toBe(403);
  await viewerContext.close();
});
