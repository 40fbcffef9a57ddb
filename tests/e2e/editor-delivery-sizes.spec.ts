// The deliveries log gives each request's size in the unit that fits: a body declared 20 MB
// reads "19.1 MB" (it read "19531.3 KB"), a 1.4 KB one "1.4 KB", a small one its bytes.
import { request } from "node:http";
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

/** POSTs a body that only declares `length` bytes: the intake refuses it on that (413) without
 *  reading it, and records the declared size. Resolves with the status. */
function declareLength(url: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json", "content-length": String(length) } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      req.destroy();
    });
    req.on("error", reject);
    req.write("{");
  });
}

test("the deliveries log shows sizes in B, KB or MB as fits", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "delivery-sizes", [{ kind: "webhook", config: {} }]);
  const { webhookUrl } = (await (await page.request.post(`/api/v1/workflows/${id}/live`)).json()) as { webhookUrl: string };
  const send = (bytes: number) => page.request.post(webhookUrl, { headers: { "content-type": "application/json" }, data: Buffer.from(`{"pad":"${"x".repeat(bytes - 10)}"}`) });
  // Oldest first, so the newest (the log's first row) is the 20 MB one.
  expect((await send(812)).status()).toBe(202);
  expect((await send(1434)).status()).toBe(202);
  expect(await declareLength(webhookUrl, 20_000_000)).toBe(413);

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const rows = page.getByTestId("step-panel").getByTestId("deliveries-log").getByTestId("delivery");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute("data-outcome", "too_large");
  await expect(rows.nth(0)).toContainText("19.1 MB");
  await expect(rows.nth(1)).toContainText("1.4 KB");
  await expect(rows.nth(2)).toContainText("812 B");
});
