// An HTTP Request's Configure form offers the Binary (base64) body type by that name, says under
// its field what to give (the file's bytes as base64, {{ 2.body }} of a download), and saves the
// reference typed there as the step's binary body.
import { expect, test } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

const HELP = "The file's bytes as base64 — e.g. {{ 2.body }} from an HTTP Request that downloaded it";

test("the Body select offers Binary (base64), with help under its field, and saves it", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const steps = [
    { kind: "webhook", config: {} },
    { kind: "http", config: { method: "GET", url: "https://rmm.example.test/report.pdf" } },
    { kind: "http", config: { method: "POST", url: "https://psa.example.test/tickets/1/attachments" } },
  ];
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Binary body ${Date.now()}`, steps } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-3").click();
  const panel = page.getByTestId("step-panel");

  const type = panel.getByRole("combobox", { name: "Body (optional)" });
  await expect(type.getByRole("option", { name: "Binary (base64)" })).toHaveCount(1);
  await type.selectOption({ label: "Binary (base64)" });
  const bytes = panel.getByRole("textbox", { name: "Bytes (base64)" });
  await expect(panel.getByText(HELP)).toBeVisible();
  await bytes.click();
  await page.keyboard.insertText("{{ 2.body }}");
  await expect(bytes).toHaveAccessibleDescription(HELP);

  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { config: { body?: unknown } }[] }).steps[2].config.body, { timeout: 10_000 })
    .toEqual({ type: "binary", base64: "{{ 2.body }}", contentType: "application/octet-stream" });
});
