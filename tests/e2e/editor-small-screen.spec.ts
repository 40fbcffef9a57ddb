// The editor on a 1280×800 laptop screen: the canvas is narrow, so the minimap steps aside, and a step added from the Tools dock far down a long workflow is brought into view
// (it used to land off-screen, or under the minimap).
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1280, height: 800 } });

test("on a 1280×800 screen, new steps come into view and the minimap does not cover them", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const steps = [{ kind: "webhook", config: {} }, ...Array.from({ length: 11 }, (_, i) => ({ kind: "transform", name: `Field ${i + 2}`, config: { fields: [{ name: "n", expression: String(i) }] } }))];
  const wf = (await (await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Long flow ${Date.now()}`, steps } })).json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  // The canvas is ≈ 600 px wide here (≈ 340 with a step open): no minimap to cover the steps.
  await page.getByTestId("step-node-2").click();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Field 2");
  await expect(page.locator(".react-flow__minimap")).toHaveCount(0);

  const canvas = page.getByTestId("editor-canvas");
  // The canvas renders only visible nodes: one not rendered at all is out of view.
  const inView = async (testId: string) => {
    if ((await page.getByTestId(testId).count()) === 0) return false;
    const [c, n] = await Promise.all([canvas.boundingBox(), page.getByTestId(testId).boundingBox()]);
    return !!c && !!n && n.y >= c.y && n.y + n.height <= c.y + c.height && n.x >= c.x && n.x + n.width <= c.x + c.width;
  };
  // The step just opened stays in view when the Workflow data panel narrows the canvas.
  await expect.poll(() => inView("step-node-2")).toBe(true);
  expect(await inView("step-node-12")).toBe(false);
  // A Wait added from the dock after the lowest step in view lands below the fold, and is
  // brought into view.
  let lowest = 0;
  for (let n = 1; n <= 12; n++) if (await inView(`step-node-${n}`)) lowest = n;
  expect(lowest).toBeGreaterThan(2);
  expect(lowest).toBeLessThan(12);
  await page.getByTestId(`step-node-${lowest}`).click();
  await page.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^Wait/ }).click();
  await expect(page.getByTestId(`step-node-${lowest + 1}`)).toContainText("Wait");
  await expect.poll(() => inView(`step-node-${lowest + 1}`)).toBe(true);
  // Opened from a link on the last step (as from the Runs page): around that step.
  await page.goto(`/w/${ws}/workflows/${wf.id}?step=${encodeURIComponent(await lastStepId(page, wf.id))}&run=none`);
  await expect.poll(() => inView("step-node-13")).toBe(true);
  await page.getByTestId("step-node-13").click();
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Field 12");
});

async function lastStepId(page: import("@playwright/test").Page, id: string): Promise<string> {
  // The autosave of the Wait step lands first, so the last step is step 13.
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: unknown[] }).steps.length).toBe(13);
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { id: string }[] };
  return wf.steps[12].id;
}
