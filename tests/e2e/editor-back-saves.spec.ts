// Back to a page that was loaded on its own leaves the document (no unmount, so the editor's
// save on leaving never ran): the edit typed just before is sent as the page goes, once the
// browser's leave question is answered Leave (components/editor/use-editor-document.ts).
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test("Back to a page loaded on its own saves the edit made just before, once Leave is answered", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "backsave", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Before", config: { fields: [{ name: "x", expression: "1" }] } },
  ]);
  await page.goto(`/w/${ws}/workflows`);
  await page.goto(`/w/${ws}/workflows/${id}`);
  page.on("dialog", (d) => void d.accept());
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByLabel("Step name").fill("Typed then Back");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/workflows$`));
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[1].name).toBe("Typed then Back");
});
