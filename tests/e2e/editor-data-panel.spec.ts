// The Workflow data panel shows one run's outputs, named: after a live delivery that failed at
// step 2, step 2 says so instead of showing an older test run's output beside the new payload;
// choosing that test run under "Data from" shows its outputs, all of them from it.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("the data panel's outputs come from one run, which it names", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: {
        name: `One run of data ${Date.now()}`,
        steps: [
          { kind: "webhook", config: { testingData: { host: "old-host" } } },
          { kind: "transform", name: "Tag", config: { fields: [{ name: "upper", expression: "$uppercase({{ 1.host }})" }] } },
          { kind: "transform", name: "Notify", config: { fields: [{ name: "n", expression: "1" }] } },
        ],
      },
    })
  ).json()) as { id: string };
  const status = async (id: string) => ((await (await page.request.get(`/api/v1/runs/${id}`)).json()) as { status: string }).status;
  const tested = (await (await page.request.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(() => status(tested.run.id), { timeout: 30_000 }).toBe("succeeded");
  // A live delivery whose host is a number: $uppercase refuses it, so step 2 fails.
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
  expect((await page.request.post(webhookUrl, { data: { host: 5 } })).status()).toBe(202);
  let live = "";
  await expect
    .poll(async () => {
      const { runs } = (await (await page.request.get(`/api/v1/workflows/${wf.id}/runs`)).json()) as { runs: { id: string; status: string; test: boolean }[] };
      live = runs.find((r) => !r.test && r.status === "failed")?.id ?? "";
      return live;
    }, { timeout: 30_000 })
    .not.toBe("");

  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-3").click();
  const data = page.getByRole("complementary", { name: "Workflow data" });
  const tree = data.getByRole("tree", { name: "Step outputs" });
  const root = (label: string) => tree.getByRole("treeitem").filter({ hasText: label }).first();
  await expect(tree).toHaveAttribute("data-run-id", live);
  const from = data.getByLabel("Data from");
  await expect(from.locator("option:checked")).toHaveText(/^Latest: Live run · failed · /);
  await expect(data.locator('[data-reference="{{ 1.host }}"]')).toContainText("5");
  await expect(root("2. Tag")).toContainText("failed in this run");
  await expect(data.locator('[data-reference="{{ 2.upper }}"]')).toHaveCount(0);

  await from.selectOption(tested.run.id);
  await expect(tree).toHaveAttribute("data-run-id", tested.run.id);
  await expect(from.locator("option:checked")).toHaveText(/^test · whole workflow · succeeded · /);
  await expect(data.locator('[data-reference="{{ 1.host }}"]')).toContainText('"old-host"');
  await expect(data.locator('[data-reference="{{ 2.upper }}"]')).toContainText('"OLD-HOST"');
});
