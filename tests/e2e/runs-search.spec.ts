// The Runs page's search: a run id pasted from a log or a colleague's message (whole, or its end
// as the editor shows it, "…3f9c2a1b"), or words of the error ("422", "company_id"), keeps only the
// runs that have it — kept in the URL like the other filters.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test("search finds runs by the end of their id and by words of their error", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "runs-search", [
    { kind: "webhook", config: { testingData: { user: { email: "a@example.com" } } } },
    { kind: "code", name: "Compute", config: { code: "if (!steps[1].user) throw new Error('company_id 77 does not exist'); return 1;" } },
  ]);
  const run = async (testingData: unknown) => {
    const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { config: Record<string, unknown> }[] };
    wf.steps[0].config = { testingData };
    expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: wf.name, version: wf.version, steps: wf.steps } })).ok()).toBe(true);
    const { run: r } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
    await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${r.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toMatch(/succeeded|failed/);
    return r.id;
  };
  const failed = await run({ nouser: true });
  const ok = await run({ user: { email: "b@example.com" } });

  await page.goto(`/w/${ws}/runs`);
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(2);
  const search = page.getByRole("searchbox", { name: "Search runs" });
  await search.fill("COMPANY_ID 77");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=COMPANY_ID\+77/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-run-id", failed);

  await search.fill(ok.slice(-8));
  await search.press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-run-id", ok);

  await search.fill("nothing like this");
  await search.press("Enter");
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId("runs-empty-note")).toContainText("matching “nothing like this”");
});
