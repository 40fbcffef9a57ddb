// An HTTP Request sending a workspace secret (`X-Api-Key: {{ secrets.PSA_KEY }}`) to a host the
// delivery makes (`https://{{ 1.callback_host }}/…`): whoever posts one would receive the key.
// The editor marks the step unfinished before anyone presses Go live — on the canvas, in the
// header, and under the header value that holds the secret, saying what to do — and writing the
// host finishes it. Its own provider, so no other spec sees this workflow.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("a secret sent to a host from the delivery is unfinished under its field, and says why", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `secret-host-${tag}@example.test`;
  await createProviderOwner(`Secret host MSP ${tag}`, email, "secret-host-pw-1");
  await signIn(page, email, "secret-host-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/PSA_KEY`, { data: { value: "psa-key-e2e", secret: true } })).status()).toBe(201);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Call back with key",
      steps: [
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "POST", url: "https://{{ 1.callback_host }}/done", headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }] } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const panel = page.getByTestId("step-panel");

  await page.getByTestId("step-node-2").click();
  const said =
    "Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data (https://{{ 1.callback_host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; write the host in the URL, or take it from a variable or secret";
  await expect(panel.locator('[data-missing-field="headers.0.value"]')).toHaveText(said);
  await expect(page.getByTestId("step-node-2").getByLabel(`Needs attention: ${said}`)).toBeVisible();
  await expect(page.getByTestId("editor-header")).toContainText(`Before going Live: step 2 (HTTP Request): ${said}`);

  // The host written: finished, the delivery's value now only in the path.
  const url = panel.getByRole("textbox", { name: "URL" });
  await url.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("https://psa.example.com/callbacks/{{ 1.callback_host }}");
  await expect(panel.locator('[data-missing-field="headers.0.value"]')).toHaveCount(0);
  await expect(page.getByTestId("step-node-2").getByLabel(/^Needs attention/)).toHaveCount(0);
});
