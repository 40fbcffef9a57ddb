// The Webhook trigger's Signature header pasted with a space after it ("X-Hub-Signature-256 ")
// looked right in the field, yet the header said "Not saved: step 1 (Webhook): Signature header:
// must be a valid HTTP header name" and nothing more was saved. It is saved trimmed. And the
// shared secret's read ({"set": true}), which every autosave sends back, still saves and keeps it.
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

test("a pasted signature header with a trailing space is saved trimmed, and autosaves keep the shared secret", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "sighdr", [
    { kind: "webhook", config: { signatureHeader: "" } },
    { kind: "code", name: "Report", config: { code: "return 1" } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const saved = header.locator('[data-save-state="saved"]');
  await page.getByTestId("step-node-1").click();

  // Only spaces is no secret, here as in the client's review (lib/steps/shared-secret-text.ts).
  await panel.getByRole("textbox", { name: "Shared secret" }).fill("   ");
  await expect(panel.getByRole("textbox", { name: "Shared secret" })).toHaveAccessibleDescription("A secret of only spaces is not accepted: type the secret your sender signs with.");
  await expect(panel.getByRole("button", { name: "Set secret" })).toBeDisabled();
  await panel.getByRole("textbox", { name: "Shared secret" }).fill("pasted-header-secret");
  await panel.getByRole("button", { name: "Set secret" }).click();
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[0].config.sharedSecret).toEqual({ set: true });

  await panel.getByRole("textbox", { name: "Signature header" }).fill("X-Hub-Signature-256 ");
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[0].config.signatureHeader).toBe("X-Hub-Signature-256");
  await expect(saved).toBeVisible();
  await expect(header).not.toContainText("Not saved");

  // Another edit sends the secret's read back: saved, the secret kept.
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("textbox", { name: "Step name" }).fill("Report 2");
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[1].name).toBe("Report 2");
  await expect(saved).toBeVisible();
  const after = await storedWorkflow(page, id);
  expect(after.steps[0].config).toMatchObject({ sharedSecret: { set: true }, signatureHeader: "X-Hub-Signature-256" });
});
