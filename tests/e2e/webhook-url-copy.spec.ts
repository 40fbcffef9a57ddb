// The webhook panel's Copy where the browser gives the page no clipboard (the app opened over
// plain http from another machine is not a secure context) says so and selects the URL to copy
// by hand: it did nothing, and the user pasted whatever was on the clipboard into the sender.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("Copy of the webhook URL where the browser gives no clipboard says so and selects the URL", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true }));
  const { ws } = await signInToOwnProvider(page, "hookcopy");
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Hook", steps: [{ kind: "webhook", config: {} }] } });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("button", { name: "Go live" }).click();
  const url = panel.getByRole("textbox", { name: "Webhook endpoint" });
  await expect(url).toHaveValue(/\/hooks\//);

  await panel.getByRole("button", { name: "Copy webhook URL" }).click();
  await expect(panel.getByText("Could not copy: the URL is selected, press Ctrl+C (⌘C on a Mac).")).toBeVisible();
  await expect(url).toBeFocused();
  expect(await url.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toBe(await url.inputValue());
  await expect(panel.getByRole("button", { name: "Copy webhook URL" })).not.toContainText("Copied");
});
