// QA: the editor opened from a link naming a run that is not one of this workflow's (another
// workflow's, another workspace's, or none at all) fell back to the latest runs with no word,
// after reading the missing run again and again. It says so once, politely, and asks once.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";

const STEPS = [
  { kind: "webhook", config: { testingData: { host: "srv-1" } } },
  { kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "1" }] } },
];

const triggerId = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { id: string }[] }).steps[0].id;

test("a run id that is no run of this workflow is named in a notice, and read once", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "linkelse", STEPS);
  const step = await triggerId(page, id);
  const missing = "0190f1e2-aaaa-7bbb-8ccc-0000abcd1234";
  const reads: string[] = [];
  let polls = 0;
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === `/api/v1/runs/${missing}`) reads.push(path);
    if (path === `/api/v1/workflows/${id}/runs`) polls++;
  });
  await page.goto(`/w/${ws}/workflows/${id}?step=${step}&run=${missing}`);
  const notice = page.getByRole("status").filter({ hasText: "Run …abcd1234 is not a run of this workflow; showing the latest runs" });
  await expect(notice).toBeVisible();
  // The list polls on (every 1.5 s); the missing run is not asked for again meanwhile.
  const seen = polls;
  await expect.poll(() => polls, { timeout: 15_000 }).toBeGreaterThanOrEqual(seen + 3);
  expect(reads).toHaveLength(1);
});

test("another workflow's run is not shown as this one's", async ({ page }) => {
  const other = await openOwnWorkflow(page, "linkother", STEPS);
  const run = await runSucceeded(page, page.request.post(`/api/v1/workflows/${other.id}/steps/1/test`, { data: { scope: "workflow" } }));
  const res = await page.request.post(`/api/v1/workspaces/${other.ws}/workflows`, { data: { name: `second ${other.id.slice(-4)}`, steps: STEPS } });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${other.ws}/workflows/${id}?step=${await triggerId(page, id)}&run=${run}`);
  await expect(page.getByRole("status").filter({ hasText: `Run …${run.slice(-8)} is not a run of this workflow; showing the latest runs` })).toBeVisible();
  await expect(page.getByText("No runs yet.", { exact: false })).toBeVisible();
});
