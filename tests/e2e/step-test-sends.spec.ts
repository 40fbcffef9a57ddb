// Run step on an HTTP Request sends its real request: the Test & Debug tab says which (method,
// URL, account) before it goes, and one that changes something (here a POST "isolate host") is
// confirmed first — Cancel sends nothing, Send it sends once, and the same request is not asked
// about again in this tab. The trigger's Run step sends nothing.
import { expect, test } from "@playwright/test";
import { serveOnAllowedHost } from "./allowed-host-server";
import { openOwnWorkflow } from "./own-workflow";
import { openTestDebug } from "./test-debug-tab";

test.use({ viewport: { width: 1600, height: 900 } });

// The fake EDR.
let received: { method: string; url: string; body: string }[] = [];
const edr = serveOnAllowedHost((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    received.push({ method: req.method ?? "", url: req.url ?? "", body });
    res.writeHead(200, { "content-type": "application/json" }).end('{"isolated":true}');
  });
});

test("Run step on a POST asks first: Cancel sends nothing, Send it sends once", async ({ page }) => {
  test.setTimeout(120_000);
  received = [];
  const url = `${edr.url()}/isolate`;
  const wf = await openOwnWorkflow(page, "send-confirm", [
    { kind: "webhook", config: { testingData: { host: "WS-042" } } },
    { kind: "http", name: "Isolate host", config: { method: "POST", url, body: { type: "json", json: { host: "{{ 1.host }}" } } } },
  ]);
  const panel = page.getByTestId("step-panel");
  const runs = async () => ((await (await page.request.get(`/api/v1/workflows/${wf.id}/runs`)).json()) as { runs: unknown[] }).runs.length;

  // The trigger's Run step: its Testing data, nothing sent.
  await openTestDebug(page, 1);
  await expect(panel).toContainText("it sends nothing over the network");
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  expect(received).toEqual([]);

  // The HTTP step says what Run step and Run whole workflow send.
  await openTestDebug(page, 2);
  await expect(panel.getByTestId("test-sends")).toHaveText(`Run step sends POST ${url} for real (you are asked first).`);
  await expect(panel.getByTestId("test-sends-workflow")).toContainText(`step 2: POST ${url}`);

  // Cancel: no run, no request.
  await panel.getByRole("button", { name: "Run step" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Send POST ${url}?`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await runs()).toBe(1);
  expect(received).toEqual([]);

  // Send it: one request, as configured.
  await panel.getByRole("button", { name: "Run step" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Send it" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  await expect(panel.getByLabel("Step output")).toContainText("isolated");
  expect(received).toEqual([{ method: "POST", url: "/isolate", body: '{"host":"WS-042"}' }]);

  // The same request again: remembered for this tab, not asked again.
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});
