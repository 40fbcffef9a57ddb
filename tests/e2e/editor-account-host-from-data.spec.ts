// An HTTP Request on an account without a base URL whose URL's host comes from the delivery
// (`https://{{ 1.callback_host }}/…`): whoever posts one would choose where the account's token
// goes. The editor marks the step unfinished before anyone presses Go live — on the canvas, in
// the header, and under its Account field, saying what to do — and writing the host finishes it.
// Its own provider, so no other spec sees this account.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("an account without a base URL on a host from the delivery is unfinished, and says why", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `host-from-data-${tag}@example.test`;
  await createProviderOwner(`Host MSP ${tag}`, email, "host-data-pw-1");
  await signIn(page, email, "host-data-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const account = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name: "Halo PSA", authKind: "bearer", baseUrl: null, credentials: { token: "psa-token" } } });
  expect(account.status()).toBe(201);
  const psa = ((await account.json()) as { connection: { id: string } }).connection.id;
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Call back",
      steps: [
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "POST", url: "https://{{ 1.callback_host }}/done", connectionId: psa } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const panel = page.getByTestId("step-panel");

  await page.getByTestId("step-node-2").click();
  const said =
    'Account: the URL\'s host comes from a run\'s data (https://{{ 1.callback_host }}), and "Halo PSA" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step\'s output names; give the account a base URL (the host it is for), or write the host in the URL';
  await expect(panel.locator('[data-missing-field="connectionId"]')).toHaveText(said);
  await expect(page.getByTestId("step-node-2").getByLabel(`Needs attention: ${said}`)).toBeVisible();
  await expect(page.getByTestId("editor-header")).toContainText(`Before going Live: step 2 (HTTP Request): ${said}`);

  // The host written: finished, the delivery's value now only in the path.
  const url = panel.getByRole("textbox", { name: "URL" });
  await url.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("https://psa.example.com/callbacks/{{ 1.callback_host }}");
  await expect(panel.locator('[data-missing-field="connectionId"]')).toHaveCount(0);
  await expect(page.getByTestId("step-node-2").getByLabel(/^Needs attention/)).toHaveCount(0);
});
