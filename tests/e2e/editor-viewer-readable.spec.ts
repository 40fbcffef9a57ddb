// A viewer's step configuration is there to read: its fields are in the accessibility tree (found
// by role and name, shown disabled or read-only — the panel used to be `inert`, which dropped
// them all), typing in them changes nothing and sends no save, and the Webhook step's URL can
// still be copied.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider, signInViewer } from "./own-provider";

test.use({ viewport: { width: 1600, height: 900 } });

test("a viewer reads the step configuration by role and name, cannot change it, and copies the webhook URL", async ({ page, browser }) => {
  const provider = await signInToOwnProvider(page, "readable");
  const { ws } = provider;
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "Ticket intake", steps: [{ kind: "webhook", config: {} }, { kind: "http", name: "Open ticket", config: { method: "POST", url: "https://psa.example.test/tickets" } }] },
  });
  expect(created.ok()).toBe(true);
  const wf = (await created.json()) as { id: string };
  const live = await page.request.post(`/api/v1/workflows/${wf.id}/live`);
  expect(live.ok(), await live.text()).toBe(true);
  const { webhookUrl } = (await live.json()) as { webhookUrl: string };
  expect(webhookUrl).toBeTruthy();

  // The owner is offered to add an account from the step…
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-2").click();
  await expect(page.getByTestId("step-panel").getByText("No accounts in this workspace yet.")).toBeVisible();
  await expect(page.getByTestId("step-panel").getByRole("link", { name: "Add one" })).toBeVisible();
  // Continue on error says what it does (its label cannot).
  await expect(page.getByTestId("step-panel").getByRole("checkbox", { name: "Continue on error" })).toHaveAccessibleDescription(/does not fail the run: after the usual retries, the step passes it on as its output/);

  const { viewer, writes } = await signInViewer(browser, provider, { viewport: { width: 1600, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] });
  try {
    await viewer.goto(`/w/${ws}/workflows/${wf.id}`);
    await expect(viewer.getByText("View only · your role here is viewer")).toBeVisible();

    await viewer.getByTestId("step-node-2").click();
    const panel = viewer.getByTestId("step-panel");
    const method = panel.getByRole("combobox", { name: "Method" });
    await expect(method).toBeVisible();
    await expect(method).toBeDisabled();
    await expect(method).toHaveValue("POST");
    const url = panel.getByRole("textbox", { name: "URL" });
    await expect(url).toHaveText("https://psa.example.test/tickets");
    await expect(url).not.toBeEditable();
    // Typing and pasting into it change nothing.
    await url.click();
    await viewer.keyboard.type("x");
    await viewer.keyboard.press("Backspace");
    await viewer.keyboard.press("ControlOrMeta+z");
    await expect(url).toHaveText("https://psa.example.test/tickets");
    // …a viewer, who could not add one, is told there is none without the link.
    await expect(panel.getByText("No accounts in this workspace yet.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Add one" })).toHaveCount(0);

    await viewer.getByTestId("step-node-1").click();
    const copy = panel.getByRole("button", { name: "Copy webhook URL" });
    await expect(copy).toBeEnabled();
    await copy.click();
    await expect(copy).toHaveText("Copied");
    expect(await viewer.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);
    // The URL's text can be selected (to copy by hand).
    const field = panel.getByRole("textbox", { name: "Webhook endpoint" });
    await expect(field).toHaveValue(webhookUrl);
    await field.focus();
    await expect.poll(() => field.evaluate((el: HTMLInputElement) => (el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)))).toBe(webhookUrl);
    // The secret and header are read, not changed; a viewer is not offered a new URL.
    await expect(panel.getByRole("textbox", { name: "Signature header" })).toBeDisabled();
    await expect(panel.getByRole("button", { name: "Generate a new URL" })).toHaveCount(0);

    // Ctrl+S is not a way around it; checked last, once the page has long settled.
    await viewer.keyboard.press("ControlOrMeta+s");
    await expect(viewer.getByRole("link", { name: "Push to client" })).toHaveCount(0);
    expect(writes).toEqual([]);
  } finally {
    await viewer.context().close();
  }
});
