// The first step added to an empty workflow is fitted into the canvas as opening the workflow
// fits it: it landed near the canvas's right edge (x 560–820 of a canvas spanning 240–840 at
// 1280×800), and only a reload centred it.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

/** The horizontal centre of step 1 relative to the canvas's, in px. */
const offCentre = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="editor-canvas"]')!.getBoundingClientRect();
    const node = document.querySelector('[data-testid="step-node-1"]')!.getBoundingClientRect();
    return Math.round(node.left + node.width / 2 - (canvas.left + canvas.width / 2));
  });

test("a trigger added to an empty workflow is centred, as after a reload", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Fit MSP ${tag}`, `fit-${tag}@example.test`, "fit-pw-1");
  await signIn(page, `fit-${tag}@example.test`, "fit-pw-1");
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Fit ${tag}`, steps: [] } });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await expect(page.getByRole("heading", { name: "Start with a trigger" })).toBeVisible();

  await page.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^Webhook/ }).click();
  await expect(page.getByTestId("step-node-1")).toBeVisible();
  await expect.poll(() => offCentre(page).then(Math.abs)).toBeLessThanOrEqual(2);
  await expect(page.getByTestId("editor-header").locator('[data-save-state="saved"]')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("step-node-1")).toBeVisible();
  await expect.poll(() => offCentre(page).then(Math.abs)).toBeLessThanOrEqual(2);
});
