// An HTTP Request's binary answer (a download: lib/http-step/binary-body.ts) is its output's body
// as base64. Executions and Test & Debug say what it is above the output box, whose preview shows
// only the start of the long base64 line (Show all, Copy, Download for the rest), instead of
// leaving a screenful of base64 to explain itself; the note is the box's accessible description.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

const SIZE = 300 * 1024;
const BYTES = Buffer.from(Array.from({ length: SIZE }, (_, i) => (i * 7) % 256));

// The file server: on the loopback address playwright.config.ts lets HTTP steps reach.
let server: Server;
test.beforeAll(async () => {
  server = createServer((req, res) => req.resume().on("end", () => res.writeHead(200, { "content-type": "application/octet-stream" }).end(BYTES)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.77", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a binary body's output says what it is, in Executions and Test & Debug, its base64 cut in the box", async ({ page }) => {
  test.setTimeout(120_000);
  const url = `http://127.0.0.77:${(server.address() as AddressInfo).port}/export.bin`;
  const { id } = await openOwnWorkflow(page, "binout", [
    { kind: "webhook", config: { testingData: { ticket: 1 } } },
    { kind: "http", name: "Download", config: { method: "GET", url } },
  ]);
  const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");

  const note = `Binary body: ${SIZE.toLocaleString("en-US")} bytes (application/octet-stream), as base64`;
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await entry.getByRole("button").first().click();
  await expect(entry.getByTestId("binary-body-note")).toHaveText(note);
  const output = entry.getByLabel("Output", { exact: true });
  await expect(output).toContainText('"bodyEncoding": "base64"');
  // The note is the box's description: a screen reader on the box hears what the base64 is.
  await expect(output).toHaveAccessibleDescription(note);
  await expect(output).toContainText(BYTES.subarray(0, 300).toString("base64"));
  // The 400 KB line is cut in the preview, the rest a click away.
  expect((await output.textContent())!.length).toBeLessThan(50_000);
  await expect(entry.getByTestId("json-view-cut")).toContainText("Show all");

  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await panel.getByRole("button", { name: "Run step" }).first().click();
  await expect(panel.getByTestId("binary-body-note")).toHaveText(note, { timeout: 30_000 });
  await expect(panel.getByLabel("Step output", { exact: true })).toHaveAccessibleDescription(note);
});
