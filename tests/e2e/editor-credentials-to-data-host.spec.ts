// An HTTP Request whose URL's host comes from the delivery (`https://{{ 1.callback_host }}/…`) and
// which carries something of the workspace's — an account without a base URL, or a secret in a
// header: whoever posts a delivery would choose where the token or the key goes. The editor marks
// the step unfinished before anyone presses Go live — on the canvas, in the header, and under the
// field that carries it, saying what to do — and writing the host finishes it. Each case its own
// provider, so no other spec sees its account or workflow.
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

type Case = {
  title: string;
  /** Makes what the step carries in workspace `ws` and returns the HTTP step's config, less its URL. */
  prepare: (request: APIRequestContext, ws: string) => Promise<Record<string, unknown>>;
  field: string;
  said: string;
};

const CASES: Case[] = [
  {
    title: "an account without a base URL on a host from the delivery is unfinished, and says why",
    prepare: async (request, ws) => {
      const account = await request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name: "Halo PSA", authKind: "bearer", baseUrl: null, credentials: { token: "psa-token" } } });
      expect(account.status()).toBe(201);
      return { connectionId: ((await account.json()) as { connection: { id: string } }).connection.id };
    },
    field: "connectionId",
    said: 'Account: the URL\'s host comes from a run\'s data (https://{{ 1.callback_host }}), and "Halo PSA" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step\'s output names; give the account a base URL (the host it is for), or write the host in the URL',
  },
  {
    title: "a secret sent to a host from the delivery is unfinished under its field, and says why",
    prepare: async (request, ws) => {
      expect((await request.put(`/api/v1/workspaces/${ws}/variables/PSA_KEY`, { data: { value: "psa-key-e2e", secret: true } })).status()).toBe(201);
      return { headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }] };
    },
    field: "headers.0.value",
    said: "Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data (https://{{ 1.callback_host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; write the host in the URL, or take it from a variable or secret",
  },
];

for (const c of CASES) {
  test(c.title, async ({ page }) => {
    const tag = randomBytes(3).toString("hex");
    const email = `data-host-${tag}@example.test`;
    await createProviderOwner(`Data host MSP ${tag}`, email, "data-host-pw-1");
    await signIn(page, email, "data-host-pw-1");
    const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
    const ws = workspaces[0].id;
    const config = await c.prepare(page.request, ws);
    const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: {
        name: "Call back",
        steps: [
          { kind: "webhook", config: {} },
          { kind: "http", config: { method: "POST", url: "https://{{ 1.callback_host }}/done", ...config } },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const wf = (await created.json()) as { id: string };
    await page.goto(`/w/${ws}/workflows/${wf.id}`);
    const panel = page.getByTestId("step-panel");

    await page.getByTestId("step-node-2").click();
    await expect(panel.locator(`[data-missing-field="${c.field}"]`)).toHaveText(c.said);
    await expect(page.getByTestId("step-node-2").getByLabel(`Needs attention: ${c.said}`)).toBeVisible();
    await expect(page.getByTestId("editor-header")).toContainText(`Before going Live: step 2 (HTTP Request): ${c.said}`);

    // The host written: finished, the delivery's value now only in the path.
    const url = panel.getByRole("textbox", { name: "URL" });
    await url.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText("https://psa.example.com/callbacks/{{ 1.callback_host }}");
    await expect(panel.locator(`[data-missing-field="${c.field}"]`)).toHaveCount(0);
    await expect(page.getByTestId("step-node-2").getByLabel(/^Needs attention/)).toHaveCount(0);
  });
}
