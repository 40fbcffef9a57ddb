// A blueprint's HTTP step is built for one app (`config.app`): its Account list offers that app's
// accounts only, another app's account is one deliberate switch away and said so, and one already
// on the step is named and flagged with why — instead of "Fake PSA" sitting in the RMM script
// run's list, where a wrong pick silently made the push ask the client for a PSA account.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test.use({ viewport: { width: 1600, height: 900 } });

type Stored = { steps: { id: string; config: { connectionId?: string | null; app?: string } }[] };

test("an RMM step's Account list offers RMM accounts, and another app's account is a said switch", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "account-app");
  const installed = await page.request.post(`/api/v1/workspaces/${ws}/blueprints/low-disk-remediation`, { data: { setup: { cleanupScriptId: "scr-cleanup-01" }, connections: { rmm: null, psa: null } } });
  expect(installed.status()).toBe(201);
  const wf = ((await installed.json()) as { id: string }).id;
  const account = async (app: string, name: string) => {
    const r = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app, name, authKind: "bearer", credentials: { token: `${app}-token` } } });
    expect(r.status()).toBe(201);
    return ((await r.json()) as { connection: { id: string } }).connection.id;
  };
  const rmm = await account("rmm", "Fake RMM");
  const psa = await account("psa", "Fake PSA");
  // Step 4 (the RMM free-space check) on the PSA account, as a save through the API can leave it.
  const read = (await (await page.request.get(`/api/v1/workflows/${wf}`)).json()) as Stored & { name: string };
  const steps = read.steps.map((s) => (s.id === "check_space" ? { ...s, config: { ...s.config, connectionId: psa } } : s));
  expect((await page.request.put(`/api/v1/workflows/${wf}`, { data: { name: read.name, steps } })).status()).toBe(200);

  await page.goto(`/w/${ws}/workflows/${wf}`);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  await expect(panel).toHaveAttribute("aria-label", "Step 2: Run the approved cleanup script");
  const field = panel.getByLabel("Account");
  await expect(field.locator("option")).toHaveText(["No account (the URL must be complete)", "Fake RMM · Remote monitoring (RMM)"]);
  await expect(panel.getByText("Remote monitoring (RMM) accounts only: this step was built for Remote monitoring (RMM).")).toBeVisible();

  // The deliberate switch: other apps are offered on request, and choosing one says what changed.
  await panel.getByRole("button", { name: "Use another app's account" }).click();
  await expect(field.locator("optgroup")).toHaveAttribute("label", "Other apps — choosing one switches this step from Remote monitoring (RMM)");
  const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf}`) && r.status() === 200);
  await field.selectOption({ label: "Fake PSA · PSA / ticketing" });
  await saved;
  await expect(panel.getByRole("status").filter({ hasText: "This step was built for Remote monitoring (RMM) and now calls PSA / ticketing: a push asks each client for a PSA / ticketing account." })).toBeVisible();
  await expect(field.locator("option")).toHaveText(["No account (the URL must be complete)", "Fake PSA · PSA / ticketing"]);
  let stored = (await (await page.request.get(`/api/v1/workflows/${wf}`)).json()) as Stored;
  expect(stored.steps.find((s) => s.id === "run_cleanup")!.config).toMatchObject({ connectionId: psa, app: "psa" });

  // Another app's account already on a step: named, flagged with why, and switchable on purpose.
  await page.getByTestId("step-node-4").click();
  await expect(panel).toHaveAttribute("aria-label", /^Step 4: /);
  await expect(field).toHaveValue(psa);
  await expect(field.locator("option:checked")).toHaveText("Fake PSA · PSA / ticketing — not a Remote monitoring (RMM) account");
  await expect(panel.locator("[data-account-app-problem]")).toContainText(
    '"Fake PSA" is a PSA / ticketing account, but this step was built for Remote monitoring (RMM): its calls would go out with PSA / ticketing credentials. Choose a Remote monitoring (RMM) account',
  );
  const fixed = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf}`) && r.status() === 200);
  await field.selectOption(rmm);
  await fixed;
  await expect(panel.locator("[data-account-app-problem]")).toHaveCount(0);
  stored = (await (await page.request.get(`/api/v1/workflows/${wf}`)).json()) as Stored;
  expect(stored.steps.find((s) => s.id === "check_space")!.config).toMatchObject({ connectionId: rmm, app: "rmm" });
});
