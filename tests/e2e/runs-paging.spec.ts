// The Runs page with a busy workflow: its newest 200 runs filled the page and nothing older or of
// another workflow could be reached. Older runs pages on from the last one shown, and a
// workflow's filter link shows that workflow's runs alone, until "Show every workflow".
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { addFinishedRuns, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("older runs page on, and a workflow's filter shows its runs alone", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `paging-${tag}@example.test`;
  await createProviderOwner(`Paging MSP ${tag}`, email, "paging-pw-1");
  await signIn(page, email, "paging-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const create = async (name: string) =>
    ((await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [{ kind: "webhook", config: {} }] } })).json()) as { id: string }).id;
  const busy = await create("EDR alerts");
  const quiet = await create("Monthly licences");
  await addFinishedRuns(busy, 205, 1); // the newest 205 runs
  await addFinishedRuns(quiet, 1, 30); // older than all of them

  await page.goto(`/w/${ws}/runs`);
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(200);
  await expect(rows.filter({ hasText: "Monthly licences" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Pages of runs" }).getByRole("link", { name: "Older runs" }).click();
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: "EDR alerts" })).toHaveCount(5);
  await expect(rows.last()).toContainText("Monthly licences");
  await expect(page.getByRole("link", { name: "Older runs" })).toHaveCount(0);

  await rows.last().getByRole("link", { name: "Only the runs of Monthly licences" }).click();
  await expect(page).toHaveURL(new RegExp(`workflowId=${quiet}`));
  await expect(page).not.toHaveURL(/before=/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("workflow-filter")).toContainText("Runs of Monthly licences");

  await page.getByRole("button", { name: "Show every workflow" }).click();
  await expect(page).not.toHaveURL(/workflowId=/);
  await expect(rows).toHaveCount(200);
});
