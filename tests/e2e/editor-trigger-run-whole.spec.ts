// The trigger's Test & Debug, where a new technician edits the Testing data, offers Run whole
// workflow too: it runs every step with that data, and a step that sends a request that changes
// something is confirmed first, as on the other steps' tabs.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

// The fake PSA: on the loopback address playwright.config.ts lets HTTP steps reach.
let server: Server;
let posts = 0;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === "POST") posts++;
    req.resume().on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"id":42}'));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.77", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("the trigger's Test & Debug offers Run whole workflow with the Testing data, asking first for a POST", async ({ page }) => {
  test.setTimeout(120_000);
  posts = 0;
  const url = `http://127.0.0.77:${(server.address() as AddressInfo).port}/tickets`;
  const wf = await openOwnWorkflow(page, "tdwhole", [
    { kind: "webhook", config: { testingData: { host: "WS-042" } } },
    { kind: "http", name: "Open ticket", config: { method: "POST", url, body: { type: "json", json: { host: "{{ 1.host }}" } } } },
  ]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await expect(panel.getByText("Testing data", { exact: true }).first()).toBeVisible();
  await expect(panel.getByTestId("test-sends-workflow")).toContainText("Run whole workflow sends, for real");
  await panel.getByRole("button", { name: "Run whole workflow" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Send POST ${url}?`);
  await dialog.getByRole("button", { name: "Send it" }).click();
  const result = panel.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("the whole workflow", { timeout: 30_000 });
  await expect(result).toContainText("succeeded", { timeout: 30_000 });
  expect(posts).toBe(1);
  const { runs } = (await (await page.request.get(`/api/v1/workflows/${wf.id}/runs`)).json()) as { runs: { scope: string; status: string }[] };
  expect(runs[0]).toMatchObject({ scope: "workflow", status: "succeeded" });
});
