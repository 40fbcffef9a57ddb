// Failure alerts on the workspace's settings page (Data retention of …): a technician pastes a
// chat webhook URL, saves it, sends a test alert and reads "sent"; the URL is never shown again,
// only its host and a masked path. The chat webhook is a node:http server on the loopback address
// the e2e server's HTTP_ALLOWED_PRIVATE_RANGES allows, as an HTTP step's would be.
import { expect, test } from "@playwright/test";
import { serveOnAllowedHost } from "./allowed-host-server";
import { signInToOwnProvider } from "./own-provider";

const received: unknown[] = [];
const chat = serveOnAllowedHost((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    received.push(JSON.parse(body));
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
});

test("set the webhook URL, send a test alert, see it sent", async ({ page }) => {
  const own = await signInToOwnProvider(page, "alerts");
  await page.goto(`/w/${own.ws}/retention`);
  const section = page.getByRole("region", { name: "Failure alerts" });
  await expect(section).toContainText("No webhook set");

  const url = `${chat.url()}/services/T0AB/B0CD/${own.tag}secret`;
  await section.getByRole("textbox", { name: "Webhook URL" }).fill(url);
  await section.getByRole("button", { name: "Save webhook" }).click();
  await expect(section.getByTestId("failure-alert-url")).toContainText(`${new URL(url).host}/services/••••`);
  await expect(section.getByTestId("failure-alert-url")).toContainText("on");
  await expect(page.getByText(`${own.tag}secret`)).toHaveCount(0);

  await section.getByRole("button", { name: "Send a test alert" }).click();
  await expect(section.getByRole("form", { name: "Failure alerts" }).getByRole("status")).toHaveText("Test alert sent (HTTP 200).");
  await expect(section.getByTestId("failure-alert-last")).toContainText("Last alert: sent (HTTP 200)");
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ text: expect.stringContaining(`Test alert from MSP Flow for ${own.name}`), workspace: own.name });

  // Kept after a reload, the URL still not on the page.
  await page.reload();
  await expect(section.getByTestId("failure-alert-last")).toContainText("Last alert: sent (HTTP 200)");
  expect(await page.content()).not.toContain(`${own.tag}secret`);
});
