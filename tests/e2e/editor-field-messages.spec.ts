// What the Configure form says about a value, under the field and in words: an HTTP Request URL
// that is neither http(s) nor a path was reported as "Account is required (the URL is relative…)"
// beside an Account field labelled optional; a Wait's cleared Seconds showed zod's "Invalid input:
// expected number, received undefined" in the header, nothing under the field, and held back every
// other edit; a number out of range showed "Too big: expected number to be <=31622400".
import { expect, test } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const URL_RULE = "URL must start with http:// or https:// (or be a path starting with /, which the account's base URL completes)";

test("a URL without http(s):// is named as the URL's problem, in the form, the header and Go live", async ({ page }) => {
  await openOwnWorkflow(page, "urlform", [
    { kind: "webhook", config: {} },
    { kind: "http", name: "Tickets", config: { method: "GET", url: "https://api.example.com/tickets" } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  const url = panel.getByRole("textbox", { name: "URL", exact: true });
  await url.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("api.example.com/tickets");

  await expect(panel.locator('[data-missing-field="url"]')).toHaveText(URL_RULE);
  await expect(url).toHaveAccessibleDescription(URL_RULE);
  await expect(panel.locator('[data-missing-field="connectionId"]')).toHaveCount(0);
  await expect(header.getByTestId("unfinished-steps")).toHaveText(`Before going Live: step 2 (HTTP Request): ${URL_RULE}`);
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByRole("alert")).toHaveAttribute("title", `step 2 (HTTP Request): ${URL_RULE}; fill it in, or keep the workflow in Draft`);

  // A path is a relative URL: that one does need an account.
  await url.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("/tickets");
  await expect(panel.locator('[data-missing-field="url"]')).toHaveCount(0);
  await expect(panel.locator('[data-missing-field="connectionId"]')).toHaveText("Account is required (the URL is relative: the account's base URL completes it)");
});

test("a Wait's Seconds: cleared is saved as unfinished, out of range is said in words under the field", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "waitsecs", [
    { kind: "webhook", config: {} },
    { kind: "wait", name: "Pause", config: { mode: "duration", seconds: 30 } },
    { kind: "code", name: "Script", config: { code: "return 1" } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const saved = header.locator('[data-save-state="saved"]');
  await page.getByTestId("step-node-2").click();
  const seconds = panel.getByRole("spinbutton", { name: "Seconds" });

  await seconds.fill("");
  await expect(panel.locator('[data-missing-field="seconds"]')).toHaveText("Seconds is required");
  await expect(seconds).toHaveAttribute("aria-invalid", "true");
  await expect(seconds).toHaveAccessibleDescription("Seconds is required");
  await expect(header.getByTestId("unfinished-steps")).toHaveText("Before going Live: step 2 (Wait): Seconds is required");
  await expect(saved).toBeVisible();
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[1].config).toEqual({ mode: "duration", seconds: null });

  // Another step's edit is saved meanwhile.
  await page.getByTestId("step-node-3").click();
  await panel.getByRole("textbox", { name: "Step name" }).fill("Script renamed");
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[2].name).toBe("Script renamed");
  await expect(saved).toBeVisible();

  await page.getByTestId("step-node-2").click();
  for (const [typed, message] of [
    ["40000000", "Seconds: must be at most 366 days (31,622,400 seconds)"],
    ["0", "Seconds: must be more than 0"],
    ["-5", "Seconds: must be more than 0"],
  ]) {
    await seconds.fill(typed);
    await expect(panel.locator('[data-invalid-field="seconds"]')).toHaveText(message);
    await expect(seconds).toHaveAccessibleDescription(message);
    await expect(header.locator('[data-save-state="invalid"]')).toHaveText(`Not saved: step 2 (Wait): ${message}`);
  }
  await seconds.fill("45");
  await expect(panel.locator("[data-invalid-field], [data-missing-field]")).toHaveCount(0);
  await expect(saved).toBeVisible();
  await expect.poll(async () => (await storedWorkflow(page, id)).steps[1].config).toEqual({ mode: "duration", seconds: 45 });

  // The Code step's timeout says its limit the same way.
  await page.getByTestId("step-node-3").click();
  const timeout = panel.getByRole("spinbutton", { name: "Timeout (ms) (optional)" });
  await timeout.fill("50");
  await expect(panel.locator('[data-invalid-field="timeoutMs"]')).toHaveText("Timeout (ms): must be at least 100 ms");
  await expect(header.locator('[data-save-state="invalid"]')).toHaveText("Not saved: step 3 (Code Execution): Timeout (ms): must be at least 100 ms");
});
