// Two ways the editor used to lose a step or a trigger without asking: a Start tool clicked on a
// workflow that has a trigger replaced it (retiring a Live URL and its shared secret), and
// Backspace on a focused tab deleted the selected step. Both now need the user's intent.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("replacing a Live webhook trigger asks first; Backspace deletes a step only from the canvas", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: `Signed alerts ${Date.now()}`,
      steps: [
        { kind: "webhook", config: { sharedSecret: "edr-secret-1", signatureHeader: "X-Hub-Signature-256" } },
        { kind: "transform", name: "Ticket text", config: { fields: [{ name: "t", expression: '"x"' }] } },
      ],
    },
  });
  const wf = (await created.json()) as { id: string };
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${wf.id}/live`)).json()) as { webhookUrl: string };
  const read = async () => (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { webhookUrl: string; steps: { kind: string; name: string; config: { sharedSecret?: { set: boolean } } }[] };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const dock = page.getByRole("complementary", { name: "Tools" });
  const start = dock.getByRole("region", { name: "Start" });

  // Cancelled: nothing changes.
  await start.getByRole("button", { name: /^Scheduler/ }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Replace the Webhook trigger with a Scheduler?");
  await expect(dialog).toContainText("The current webhook URL stops working at once");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("step-node-1")).toContainText("Webhook");
  await expect(page.getByText("All changes saved")).toBeVisible();
  expect(await read()).toMatchObject({ webhookUrl, steps: [{ kind: "webhook", config: { sharedSecret: { set: true } } }, { kind: "transform" }] });

  // Backspace on a focused tab of the step panel is not "delete this step".
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByRole("tab", { name: "Executions" }).click();
  await page.keyboard.press("Backspace");
  await expect(page.getByTestId("step-node-2")).toBeVisible();
  // On the canvas it is (after the same confirmation as the trash button).
  await page.getByTestId("step-node-2").click();
  await page.keyboard.press("Backspace");
  await dialog.getByRole("button", { name: "Delete step" }).click();
  await expect(page.getByTestId("step-node-2")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByTestId("step-node-2")).toContainText("Ticket text");
  // The step undo brought back is the one shown.
  await expect(page.getByTestId("step-panel").getByLabel("Step name")).toHaveValue("Ticket text");
  // The delete and the undo are saved first: a save of theirs still under way would be the PUT
  // awaited below, read before the replacement is stored.
  await expect(page.getByText("All changes saved")).toBeVisible();

  // Confirmed: a new trigger, so a new URL and no secret.
  await start.getByRole("button", { name: /^Webhook/ }).click();
  await expect(dialog).toContainText("Replace the Webhook trigger with a new one?");
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf.id}`) && r.status() === 200);
  await dialog.getByRole("button", { name: "Replace trigger" }).click();
  await saved;
  const after = await read();
  expect(after.steps.map((s) => s.kind)).toEqual(["webhook", "transform"]);
  expect(after.steps[0].config.sharedSecret).toEqual({ set: false });
  expect(after.webhookUrl).not.toBe(webhookUrl);
});
