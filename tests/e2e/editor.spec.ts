// The visual editor end to end, as a technician would use it: sign in, create a workflow, add
// a Webhook, test it in Draft, insert a field from Workflow data into a Conditions rule, go
// Live, deliver to the URL, rotate it, and require a signature. Saves the README screenshots.
import { expect, test, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

const SHOTS = "docs/screenshots";

/** Waits until autosave has caught up, then reads the workflow as the API returns it. */
async function savedWorkflow(page: Page, id: string) {
  await expect(page.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved", { timeout: 10_000 });
  const res = await page.request.get(`/api/v1/workflows/${id}`);
  return (await res.json()) as { version: number; mode: string; webhookUrl: string | null; steps: { id: string; kind: string; config: Record<string, unknown> }[] };
}

async function runCount(page: Page, id: string): Promise<number> {
  const res = await page.request.get(`/api/v1/workflows/${id}/runs?limit=500`);
  return ((await res.json()) as { runs: unknown[] }).runs.length;
}

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1600, height: 900 } });

test("build, test, publish and secure a webhook workflow in the editor", async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  const ws = await providerWorkspaceId(page);

  // Create a workflow from the list page, then open it.
  const name = `Alert triage ${Date.now()}`;
  await page.goto(`/w/${ws}/workflows`);
  await page.getByRole("button", { name: "New workflow" }).first().click();
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  // Creating opens the new workflow in the editor.
  await page.waitForURL(/\/workflows\/[^/]+$/);
  const workflowId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText("Start with a trigger")).toBeVisible();

  // Add a Webhook from the Start group of the Tools dock.
  const dock = page.getByRole("complementary", { name: "Tools" });
  await expect(dock.getByRole("heading", { name: "Start" })).toBeVisible();
  await dock.getByRole("region", { name: "Start" }).getByRole("button", { name: /^Webhook/ }).click();
  await expect(page.getByTestId("step-node-1")).toContainText("Webhook");

  // Testing data + Run step, in Draft.
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(JSON.stringify({ event: "alert.created", severity: "critical", host: { id: "host-42", name: "ws-17" } }, null, 2));
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  await expect(panel.getByLabel("Step output")).toContainText("host-42");

  // A Conditions step; its rule's value comes from the Workflow data panel by clicking.
  await dock.getByRole("button", { name: /^Conditions/ }).click();
  await expect(page.getByTestId("step-node-2")).toContainText("Conditions");
  const data = page.getByRole("complementary", { name: "Workflow data" });
  await expect(data.getByRole("treeitem", { name: /^host, object/ })).toBeVisible({ timeout: 10_000 });
  // A rule is finished with both values (a new one is "" equals "", which no Live workflow takes).
  await panel.getByRole("textbox", { name: "Compare with" }).fill("host-42");
  await panel.getByRole("textbox", { name: "Value" }).click();
  await data.locator('[data-reference="{{ 1.host.id }}"]').click();
  await expect(panel.locator('[data-reference="{{ 1.host.id }}"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-data-panel.png` });
  const afterInsert = await savedWorkflow(page, workflowId);
  const rule = (afterInsert.steps[1].config.branches as { rules: { left: string; right: string }[] }[])[0].rules[0];
  expect(rule).toMatchObject({ left: "{{ 1.host.id }}", right: "host-42" });

  // Go live; the URL shows under "Webhook endpoint" on the trigger; copy it.
  const header = page.getByTestId("editor-header");
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByText("Live", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Configure" }).click();
  const urlBox = panel.getByRole("textbox", { name: "Webhook endpoint" });
  await expect(urlBox).toHaveValue(/\/hooks\/[A-Za-z0-9_-]{22,}$/);
  await panel.getByRole("button", { name: "Copy webhook URL" }).click();
  const firstUrl = await page.evaluate(() => navigator.clipboard.readText()).catch(async () => urlBox.inputValue());
  expect(firstUrl).toBe(await urlBox.inputValue());

  // A real delivery appears under Executions within seconds.
  const before = await runCount(page, workflowId);
  const delivery = await page.request.post(firstUrl, { data: { event: "alert.created", host: { id: "host-7" } } });
  expect(delivery.status()).toBe(202);
  await panel.getByRole("tab", { name: "Executions" }).click();
  const executions = panel.getByTestId("execution");
  await expect(executions).toHaveCount(before + 1, { timeout: 5_000 });
  await executions.first().getByRole("button").click();
  await expect(executions.first().getByLabel("Received payload")).toContainText("host-7");
  await page.screenshot({ path: `${SHOTS}/editor-executions.png` });

  // Generate a new URL: the old one stops creating runs at once.
  await panel.getByRole("tab", { name: "Configure" }).click();
  await panel.getByRole("button", { name: "Generate a new URL" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("stops working at once");
  await page.getByRole("alertdialog").getByRole("button", { name: "Generate new URL" }).click();
  await expect(urlBox).not.toHaveValue(firstUrl);
  const secondUrl = await urlBox.inputValue();
  const runsBefore = await runCount(page, workflowId);
  expect((await page.request.post(firstUrl, { data: { stale: true } })).status()).toBe(202);
  const log = panel.getByTestId("deliveries-log");
  await expect(log.locator('[data-outcome="rotated_url"]').first()).toBeVisible({ timeout: 5_000 });
  expect(await runCount(page, workflowId)).toBe(runsBefore);

  // A shared secret: an unsigned delivery is rejected and shows so in the deliveries log.
  await panel.getByRole("textbox", { name: "Shared secret" }).fill("s3cret-for-e2e");
  await panel.getByRole("button", { name: "Set secret" }).click();
  await expect(panel.getByText("Name the header your sender signs with")).toBeVisible();
  const secured = await savedWorkflow(page, workflowId);
  expect(secured.steps[0].config.sharedSecret).toEqual({ set: true });
  await expect(panel.getByText("Set", { exact: true })).toBeVisible();
  const unsigned = await page.request.post(secondUrl, { data: { unsigned: true } });
  expect(unsigned.status()).toBe(401);
  await expect(log.locator('[data-outcome="invalid_signature"]').first()).toBeVisible({ timeout: 5_000 });
  expect(await runCount(page, workflowId)).toBe(runsBefore);
});

test("a branching workflow on the canvas", async ({ page }) => {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Endpoint alert triage",
      steps: [
        { id: "trigger", kind: "webhook", name: "EDR alert", config: { testingData: { severity: "critical", host: { id: "h-1" } } } },
        { id: "summary", kind: "ai_prompt", name: "Summarize technique", config: { prompt: "Summarize {{ 1 }}" } },
        {
          id: "severity",
          kind: "conditions",
          name: "Severity",
          config: {
            branches: [
              { id: "critical", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "isolate" },
              { id: "low", name: "Low / Medium", rules: [{ left: "{{ 1.severity }}", op: "in_list", right: "low,medium" }], target: "ticket" },
            ],
            otherwise: { target: null },
          },
        },
        { id: "isolate", kind: "http", name: "Isolate host", config: { method: "POST", url: "https://edr.example/hosts/{{ 1.host.id }}/isolate" } },
        { id: "page", kind: "http", name: "Page on-call", config: { method: "POST", url: "https://paging.example/alert" } },
        { id: "critical-ticket", kind: "http", name: "Critical ticket", config: { method: "POST", url: "https://psa.example/tickets" } },
        { id: "ticket", kind: "http", name: "Service ticket", config: { method: "POST", url: "https://psa.example/tickets" } },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await expect(page.getByTestId("step-node-7")).toBeVisible();
  await expect(page.getByText("Critical", { exact: true })).toBeVisible();
  await expect(page.getByText("Low / Medium", { exact: true })).toBeVisible();
  // Otherwise leads nowhere (null): said under its handle, as no edge shows it.
  await expect(page.getByTestId("step-node-3").getByTestId("branch-end-otherwise")).toHaveText("end");
  await page.getByTestId("step-node-3").click();
  await page.screenshot({ path: `${SHOTS}/editor-canvas-branching.png` });
});
