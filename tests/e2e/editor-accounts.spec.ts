// Choosing the app account of an HTTP Request and an AI Prompt step in the editor: the
// workspace's accounts (AI accounts only for AI Prompt), saved with the workflow, and an account
// deleted since shown as such. Its own provider, so no other spec sees these accounts.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("an HTTP Request and an AI Prompt step get their account in the editor", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `accounts-${tag}@example.test`;
  await createProviderOwner(`Accounts MSP ${tag}`, email, "accounts-pw-1");
  await signIn(page, email, "accounts-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const account = async (app: string, name: string, credentials: Record<string, string>, authKind: string) => {
    const r = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app, name, authKind, credentials } });
    expect(r.status()).toBe(201);
    return ((await r.json()) as { connection: { id: string } }).connection.id;
  };
  const psa = await account("psa", "Halo PSA", { token: "psa-token" }, "bearer");
  await account("rmm", "Ninja RMM", { token: "rmm-token" }, "bearer");
  const ai = await account("openai", "Azure OpenAI", { apiKey: "sk-test" }, "openai");
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Ticket from alert",
      steps: [
        { kind: "webhook", config: {} },
        { kind: "ai_prompt", config: { prompt: "Summarise {{ 1.alert }}" } },
        { kind: "http", config: { method: "POST", url: "/tickets" } },
      ],
    },
  });
  const wf = (await created.json()) as { id: string };
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/PSA_BOARD`, { data: { value: "7", secret: false } })).status()).toBe(201);
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  const panel = page.getByTestId("step-panel");

  // HTTP Request: every account of the workspace; choosing one saves it.
  await page.getByTestId("step-node-3").click();
  const httpAccount = panel.getByLabel("Account");
  await expect(httpAccount.locator("option")).toHaveText(["No account (the URL must be complete)", "Azure OpenAI · OpenAI-compatible AI", "Halo PSA · PSA / ticketing", "Ninja RMM · Remote monitoring (RMM)"]);
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf.id}`) && r.status() === 200);
  await httpAccount.selectOption({ label: "Halo PSA · PSA / ticketing" });
  await saved;

  // AI Prompt: AI accounts only.
  await page.getByTestId("step-node-2").click();
  const aiAccount = panel.getByLabel("Account");
  await expect(aiAccount.locator("option")).toHaveText(["No account (the step fails until one is chosen)", "Azure OpenAI · OpenAI-compatible AI"]);
  const savedAi = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf.id}`) && r.status() === 200);
  await aiAccount.selectOption(ai);
  await savedAi;

  // The URL field: hints for what would surprise at run time, none for what resolves.
  await page.getByTestId("step-node-3").click();
  const url = panel.getByRole("textbox", { name: "URL" });
  await url.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("/boards/{{ vars.PSA_BOARD }}/tickets?t={{ vars.PSA_TEAM }}&x={{ ticket.id }}");
  const hints = panel.getByTestId("template-hints");
  await expect(hints).toContainText("there is no variable PSA_TEAM in this workspace yet; the step fails until it is added");
  await expect(hints).toContainText("{{ ticket.id }} is not a reference, so it is sent as written");
  await expect(hints).not.toContainText("PSA_BOARD");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("/tickets");
  await expect(hints).toHaveCount(0);

  const stored = (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { steps: { config: { connectionId?: string } }[] };
  expect(stored.steps.map((s) => s.config.connectionId ?? null)).toEqual([null, ai, psa]);

  // The PSA account is deleted: the step says so instead of showing another account.
  // In use by this workflow: refused (409 connection_in_use) unless forced.
  expect((await page.request.delete(`/api/v1/connections/${psa}`)).status()).toBe(409);
  expect((await page.request.delete(`/api/v1/connections/${psa}?force=true`)).status()).toBe(204);
  await page.reload();
  await page.getByTestId("step-node-3").click();
  await expect(panel.getByLabel("Account")).toHaveValue(psa);
  await expect(panel.getByLabel("Account").locator("option:checked")).toHaveText("Deleted account — choose another");
  // And it is unfinished, as Go live would answer (409 step_incomplete), before anyone presses it:
  // marked on the canvas, named in the header, said under its field (the step looked fine until then).
  const gone = "Account: the account it used was deleted: choose another";
  await expect(page.getByTestId("step-node-3").getByLabel(`Needs attention: ${gone}`)).toBeVisible();
  await expect(panel.locator('[data-missing-field="connectionId"]')).toHaveText(gone);
  await expect(page.getByTestId("editor-header")).toContainText(`Before going Live: step 3 (HTTP Request): ${gone}`);
  await page.screenshot({ path: "docs/screenshots/editor-account.png" });

  // Another account chosen: finished again.
  const rechosen = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf.id}`) && r.status() === 200);
  await panel.getByLabel("Account").selectOption({ label: "Ninja RMM · Remote monitoring (RMM)" });
  await rechosen;
  await expect(panel.locator('[data-missing-field="connectionId"]')).toHaveCount(0);
  await expect(page.getByTestId("step-node-3").getByLabel(/^Needs attention/)).toHaveCount(0);
});
