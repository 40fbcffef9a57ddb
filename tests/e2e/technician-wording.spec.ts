// What a new technician reads in their first hour says things their way, not the code's: the
// Audit log names steps "step 1 (EDR alert)" and gives times as the editor does (not a full GMT
// string); the Runs page says when a retry's next attempt is in the reader's time (not a raw UTC
// instant); the Accounts page's Authentication reads "OAuth 2.0 client credentials", not
// `oauth2_client_credentials`; Add client with a blank name says so under the field, without the
// API's field path ("name: …"). Each in a provider of its own. A step's Log gives the worker's
// instants (an attempt's failure, the next attempt) in the reader's time too.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

async function ownProvider(page: Page, prefix: string): Promise<string> {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`${prefix} MSP ${tag}`, `${prefix}-${tag}@example.test`, `${prefix}-pw-1`);
  await signIn(page, `${prefix}-${tag}@example.test`, `${prefix}-pw-1`);
  return providerWorkspaceId(page);
}

test("the Audit log names a step by number and name and gives local times, not GMT strings", async ({ page }) => {
  const ws = await ownProvider(page, "audit-words");
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "EDR triage", steps: [{ kind: "webhook", name: "EDR alert", config: {} }] } });
  expect(created.status()).toBe(201);
  const { id, version, steps } = (await created.json()) as { id: string; version: number; steps: { id: string; kind: string; name: string }[] };
  // Setting the secret is a save (the event is recorded then).
  const secured = [{ id: steps[0].id, kind: steps[0].kind, name: steps[0].name, config: { sharedSecret: "s3cret" } }];
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: "EDR triage", version, steps: secured } })).status()).toBe(200);
  await page.goto(`/w/${ws}/audit`);
  const row = page.getByRole("row").filter({ hasText: "Webhook secret set" });
  await expect(row).toContainText("EDR triage · own shared secret on step 1 (EDR alert)");
  await expect(row).not.toContainText(steps[0].id);
  const when = row.locator("time");
  await expect(when).not.toContainText("GMT");
  await expect(when).toHaveText(/^\d{1,2}:\d\d:\d\d/); // today: the time alone, as the editor says it
});

test.describe("a retry's next attempt", () => {
  // A zone away from the server's UTC, so a time left in UTC cannot pass for a local one.
  test.use({ timezoneId: "Asia/Kolkata" });
  // Always 503 with Retry-After: 120, so the step waits two minutes for its next attempt. On the
  // loopback address playwright.config.ts lets HTTP steps reach.
  let server: Server;
  test.beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(503, { "content-type": "application/json", "retry-after": "120" }).end('{"busy":true}'));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.77", resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("the Runs page, Executions and Test & Debug say when the next attempt is in local time, not as a raw UTC instant", async ({ page }) => {
    test.setTimeout(120_000);
    const ws = await ownProvider(page, "retry-time");
    const url = `http://127.0.0.77:${(server.address() as AddressInfo).port}/tickets`;
    const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: { name: "Busy PSA", steps: [{ kind: "webhook", config: { testingData: { a: 1 } } }, { kind: "http", name: "Open ticket", config: { method: "GET", url } }] },
    });
    const { id } = (await created.json()) as { id: string };
    const { run } = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
    type View = { steps: { number: number; status: string; error: string | null }[] };
    const step2 = async () => ((await (await page.request.get(`/api/v1/runs/${run.id}?outputs=false`)).json()) as View).steps.find((s) => s.number === 2);
    // The step waits (the pages show its error only then).
    const secondsToNext = async () => {
      const s = await step2();
      const at = s?.status === "waiting" ? /next attempt at (\S+)\)/.exec(s.error ?? "")?.[1] : undefined;
      return at ? (Date.parse(at) - Date.now()) / 1000 : 0;
    };
    await expect.poll(secondsToNext, { timeout: 60_000, intervals: [250] }).toBeGreaterThan(10);

    await page.goto(`/w/${ws}/runs`);
    await page.getByRole("button", { name: `Steps of run ${run.id}` }).click();
    const steps = page.getByRole("list", { name: `Steps of run ${run.id}` });
    await expect(steps).toContainText(/next attempt at \d{1,2}:\d\d:\d\d/);
    await expect(steps).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/);

    // The editor's Executions entry of the step says it the same way.
    await page.goto(`/w/${ws}/workflows/${id}`);
    await page.getByTestId("step-node-2").click();
    const panel = page.getByTestId("step-panel");
    await panel.getByRole("tab", { name: "Executions" }).click();
    const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
    await entry.getByRole("button", { expanded: false }).click();
    // The step's error.
    const error = entry.locator("p").filter({ hasText: "attempt 1 of 5 failed" });
    await expect(error).toContainText(/next attempt at \d{1,2}:\d\d:\d\d/);
    await expect(error).not.toContainText(/\d{4}-\d\d-\d\dT/);
    // Its Log: the worker's lines give both instants in the reader's time as well, each with the
    // exact instant (dateTime) and its full local date and time on hover, as the other times do.
    const log = entry.getByLabel("Log", { exact: true });
    await expect(log).toContainText(/attempt 1 of 5 failed at \d{1,2}:\d\d:\d\d.*: .*\(next attempt at \d{1,2}:\d\d:\d\d/);
    await expect(log).not.toContainText(/\d{4}-\d\d-\d\dT/);
    const next = /next attempt at (\S+)\)/.exec((await step2())?.error ?? "")![1];
    const kolkata = await page.evaluate((iso) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "Asia/Kolkata" }), next);
    const nextInLog = log.locator(`time[datetime="${next}"]`);
    await expect(nextInLog).toHaveText(kolkata);
    await expect(nextInLog).toHaveAttribute("title", /\d{4}/);
    await expect(log.locator("time")).toHaveCount(2);
    await page.request.post(`/api/v1/runs/${run.id}/stop`);

    // And Test & Debug's Result of Run step on it.
    await panel.getByRole("tab", { name: "Test & Debug" }).click();
    await panel.getByRole("button", { name: "Run step" }).click();
    const result = panel.getByRole("region", { name: "Test result" });
    await expect(result.getByRole("alert")).toContainText(/next attempt at \d{1,2}:\d\d:\d\d/, { timeout: 30_000 });
    await expect(result.getByRole("alert")).not.toContainText(/\d{4}-\d\d-\d\dT/);
  });
});

test("the Accounts page names authentication kinds in words and keeps their values", async ({ page }) => {
  const ws = await ownProvider(page, "auth-words");
  await page.goto(`/w/${ws}/connections`);
  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "PSA / ticketing" });
  const auth = form.getByLabel("Authentication");
  await expect(auth.locator("option")).toHaveText(["Username and password (Basic)", "API key", "Bearer token"]);
  await expect(auth).toHaveValue("basic");
  await form.getByLabel("App").selectOption({ label: "Directory / identity" });
  await expect(auth.locator("option")).toHaveText(["OAuth 2.0 client credentials", "Bearer token"]);
  await expect(auth).toHaveValue("oauth2_client_credentials");
});

test("Add client with a blank name says so under the field, without the API's field path", async ({ page }) => {
  const ws = await ownProvider(page, "blank-client");
  await page.goto(`/w/${ws}/clients`);
  const form = page.getByRole("form", { name: "Add a client" });
  const name = form.getByLabel("Client name");
  await name.fill("   ");
  await form.getByRole("button", { name: "Add client" }).click();
  await expect(name).toHaveAccessibleDescription("Give the workspace a name.");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("name: give the workspace a name")).toHaveCount(0);
  // Typing a name clears it, and the client is added.
  await name.fill("Fabrikam Legal");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Add client" }).click();
  await expect(page.getByTestId("client-row").filter({ hasText: "Fabrikam Legal" })).toBeVisible();
});
