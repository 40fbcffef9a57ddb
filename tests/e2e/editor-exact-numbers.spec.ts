// A delivery's 64-bit id reads in the editor exactly as posted: the API answers it exactly, and
// the Executions tab ("Received payload") and the Workflow data panel must not round it the way
// a double would (1234567890123456789 → 1234567890123456800): a technician copies ids from there.
// So does a number beyond the double range, which a double shows as null (1e400 → Infinity).
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a 19-digit id and 1e400 in a delivery show exactly under Executions and in Workflow data", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "exact-ids", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Tag", config: { fields: [{ name: "n", expression: "1" }] } },
  ]);
  const { webhookUrl, steps } = (await (await page.request.post(`/api/v1/workflows/${id}/live`)).json()) as { webhookUrl: string; steps: { id: string }[] };
  // A Buffer: the sender's own text, which JSON.stringify in the test could not even write.
  const body = '{"ticketId":1234567890123456789,"note":"exact","huge":1e400}';
  expect((await page.request.post(webhookUrl, { headers: { "content-type": "application/json" }, data: Buffer.from(body) })).status()).toBe(202);
  let runId = "";
  await expect
    .poll(async () => {
      const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs`)).json()) as { runs: { id: string; status: string }[] };
      runId = runs.find((r) => r.status === "succeeded")?.id ?? "";
      return runId;
    }, { timeout: 30_000 })
    .not.toBe("");
  // The API keeps it (what the editor must show too).
  expect(await (await page.request.get(`/api/v1/runs/${runId}`)).text()).toContain('"ticketId":1234567890123456789');

  await page.goto(`/w/${ws}/workflows/${id}?step=${encodeURIComponent(steps[0].id)}&run=${encodeURIComponent(runId)}`);
  const execution = page.getByTestId("step-panel").locator(`[data-testid="execution"][data-run-id="${runId}"]`);
  const payload = execution.getByLabel("Received payload");
  await expect(payload).toContainText('"ticketId": 1234567890123456789,');
  await expect(payload).not.toContainText("1234567890123456800");
  await expect(payload).toContainText('"huge": 1e400');

  // Step 2's Workflow data: step 1's field, typed a number, its sample all 19 digits.
  await page.getByTestId("step-node-2").click();
  const field = page.getByRole("complementary", { name: "Workflow data" }).locator('[data-reference="{{ 1.ticketId }}"]');
  await expect(field).toContainText("number");
  await expect(field).toContainText("1234567890123456789");
  const huge = page.getByRole("complementary", { name: "Workflow data" }).locator('[data-reference="{{ 1.huge }}"]');
  await expect(huge).toContainText("number");
  await expect(huge).toContainText("1e400");
});

// Testing data keeps a 64-bit id as typed, as a live delivery does: saved, read back after a
// reload and given to Run step's run exactly (it was all 9007199254740992, another id; 1e400 null).
test("Testing data with a 64-bit id is saved and tested exactly as typed", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "exact-testing", [{ kind: "webhook", config: { testingData: { id: 1 } } }]);
  const panel = page.getByTestId("step-panel");
  const openTestData = async () => {
    await page.getByTestId("step-node-1").click();
    await panel.getByRole("tab", { name: "Test & Debug" }).click();
  };
  await openTestData();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  await expect(testing).toContainText('"id": 1');
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"ticketId": 9007199254740993, "note": "exact", "big": 1e400}');
  const typed = '{"ticketId":9007199254740993,"note":"exact","big":1e400}';
  // Saved as typed (the autosave), the field still showing it.
  await expect.poll(async () => (await page.request.get(`/api/v1/workflows/${id}`)).text(), { timeout: 10_000 }).toContain(`"testingData":${typed}`);
  await expect(testing).toContainText("9007199254740993");

  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  await expect(panel.getByLabel("Step output")).toContainText('"ticketId": 9007199254740993');
  await expect(panel.getByLabel("Step output")).toContainText('"big": 1e400');
  const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs`)).json()) as { runs: { id: string }[] };
  expect(await (await page.request.get(`/api/v1/runs/${runs[0].id}`)).text()).toContain(`"trigger":${typed}`);

  await page.reload();
  await openTestData();
  await expect(testing).toContainText('"ticketId": 9007199254740993');
  await expect(testing).toContainText('"big": 1e400');
});
