// A technician installs a blueprint through the gallery: Blueprints in the top bar, the six
// cards, "Use blueprint" (each page with its own title), the setup form (a missing field is
// named), a client workspace chosen, what the install left to do (apps without an account), and
// the Draft workflow opens in the editor.
import { expect, test } from "@playwright/test";
import { signIn } from "./sign-in";

test("install the low-disk blueprint from the gallery into a client workspace", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/w\/[^/]+\/workflows$/);
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string; name: string }[] };
  const client = workspaces.find((w) => w.name === "Contoso Dental")!;

  await page.getByRole("link", { name: "Blueprints", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Blueprints", exact: true })).toBeVisible();
  await expect(page).toHaveTitle("Blueprints · MSP Flow");
  const cards = page.getByRole("list", { name: "Blueprints" }).getByRole("article");
  await expect(cards).toHaveCount(6);
  const lowDisk = cards.filter({ hasText: "Low-disk-space remediation" });
  await expect(lowDisk).toContainText("Webhook: low-disk alert");
  await expect(lowDisk).toContainText("Wait 2 min");
  await expect(lowDisk).toContainText("Remote monitoring (RMM)");
  await expect(cards.filter({ hasText: "Hardware warranty" })).toContainText("Scheduler: 15th of every month, 08:00 UTC");
  await page.screenshot({ path: "docs/screenshots/blueprints-gallery.png", fullPage: true });

  await page.getByRole("link", { name: "Use blueprint: Low-disk-space remediation" }).click();
  await expect(page.getByRole("heading", { name: "Low-disk-space remediation" })).toBeVisible();
  await expect(page).toHaveTitle("Low-disk-space remediation · Blueprints · MSP Flow");
  await page.getByLabel("Install into workspace").selectOption({ label: "Contoso Dental (client)" });
  await expect(page.getByLabel("Remote monitoring (RMM)")).toContainText("None yet — add an account later");

  // The required script id is missing: named by its label, at the field and in the summary.
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Cleanup script id is required");
  const scriptId = page.getByLabel("Cleanup script id");
  await expect(scriptId).toHaveAccessibleDescription(/^Cleanup script id is required/);
  await expect(scriptId).toBeFocused();

  await scriptId.fill("scr-cleanup-01");
  await expect(scriptId).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("form").getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Wait before re-checking (seconds)").fill("60");
  await page.getByLabel("Workflow name").fill("Low disk – Contoso Dental");
  await page.screenshot({ path: "docs/screenshots/blueprint-setup.png", fullPage: true });
  await page.getByRole("button", { name: "Create Draft workflow" }).click();

  // Contoso Dental has no RMM or PSA account yet: the form says so before opening the editor.
  await expect(page.getByRole("heading", { name: "Draft workflow “Low disk – Contoso Dental” created in Contoso Dental: check these before going Live" })).toBeVisible();
  const apps = page.getByRole("list", { name: "Apps without an account" }).getByRole("listitem");
  await expect(apps.filter({ hasText: /^Remote monitoring \(RMM\):/ })).toContainText("Contoso Dental has no account for this app yet. Its 3 steps cannot run until each has one");
  await page.getByRole("link", { name: "Open the workflow" }).click();
  await page.waitForURL(new RegExp(`/w/${client.id}/workflows/[^/]+$`));
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; mode: string; workspaceId: string; steps: { kind: string; config: Record<string, unknown> }[] };
  expect(wf).toMatchObject({ name: "Low disk – Contoso Dental", mode: "draft", workspaceId: client.id });
  expect(wf.steps.map((s) => s.kind)).toEqual(["webhook", "http", "wait", "http", "conditions", "http", "http", "http", "http", "http"]);
  expect(wf.steps[2].config).toEqual({ mode: "duration", seconds: 60 });
  expect(wf.steps[1].config.url).toBe("/devices/{{ 1.deviceId }}/scripts/scr-cleanup-01/run");
});

test("the new-hire form round-trips nested groups: per-department access from the example", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/w\/[^/]+\/workflows$/);
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string; name: string }[] };
  const client = workspaces.find((w) => w.name === "Contoso Dental")!;
  await page.goto(`/w/${client.id}/blueprints/new-hire-provisioning`);
  await page.getByRole("button", { name: "Fill in the example (Contoso Dental)" }).click();
  await expect(page.getByLabel("E-mail domain")).toHaveValue("contoso-dental.com");
  // Edit one department's groups and add a fourth department.
  const departments = page.getByRole("group", { name: "Per department" });
  // Group object ids: the demo tenant's Clinical Team and a second (X-ray) group.
  await departments.getByLabel("Groups").first().fill("6a1e9b34-7c2d-4f05-8e3b-91d4c7a2b6e5, 9c2f4e7a-3b1d-4a6c-8e5f-0d7b2a9c4e13");
  await departments.getByRole("button", { name: "Add per department" }).click();
  await departments.getByLabel("Department").last().fill("Hygiene");
  await departments.getByLabel("Licence SKUs").last().fill("SPE_E3");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  await page.getByRole("link", { name: "Open the workflow" }).click(); // its apps have no account yet

  await page.waitForURL(new RegExp(`/w/${client.id}/workflows/[^/]+$`));
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { kind: string; config: { code?: string } }[] };
  expect(wf.steps.map((s) => s.kind)).toEqual(["webhook", "code", "http", "http", "code", "http", "code", "wait", "http", "code", "wait", "http", "code", "http", "http", "http"]);
  const code = wf.steps[1].config.code!;
  expect(code).toContain('{"name":"Clinical","licenses":[],"groups":["6a1e9b34-7c2d-4f05-8e3b-91d4c7a2b6e5","9c2f4e7a-3b1d-4a6c-8e5f-0d7b2a9c4e13"],"vaultCollections":["col-shared-clinic"]}');
  expect(code).toContain('{"name":"Hygiene","licenses":["SPE_E3"],"groups":[],"vaultCollections":[]}');
});
