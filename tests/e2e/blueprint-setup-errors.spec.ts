// The blueprint setup form names every field it cannot install with, by its label: a field's
// own message says which field and why, is tied to it (aria-invalid, its description), the
// summary lists them all with links, and focus moves to the first. What was typed stays.
import { expect, test, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

async function newClient(page: Page): Promise<{ id: string; name: string }> {
  const provider = await providerWorkspaceId(page);
  const name = `Setup errors ${Date.now().toString(36)}`;
  const res = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name } });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, name };
}

const workflowCount = async (page: Page, ws: string) => ((await (await page.request.get(`/api/v1/workspaces/${ws}/workflows`)).json()) as { workflows: unknown[] }).workflows.length;

test("new-hire setup left empty: both required fields are named by label, tied to their inputs, and focus goes to the first", async ({ page }) => {
  await signIn(page);
  const client = await newClient(page);
  await page.goto(`/w/${client.id}/blueprints/new-hire-provisioning`);
  await page.getByLabel("Install into workspace").selectOption({ label: `${client.name} (client)` });
  await page.getByLabel("Workflow name").fill("Onboarding – kept");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();

  const summary = page.locator("form").getByRole("alert");
  await expect(summary).toContainText("E-mail domain is required");
  await expect(summary).toContainText("Client name is required");
  await expect(summary).not.toContainText("setup.");
  const domain = page.getByLabel("E-mail domain");
  const clientName = page.getByLabel("Client name");
  for (const [field, text] of [[domain, "E-mail domain is required"], [clientName, "Client name is required"]] as const) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(`^${text}`));
  }
  await expect(page.getByLabel("Ticket board")).not.toHaveAttribute("aria-invalid", "true");
  await expect(domain).toBeFocused();
  await expect(page.getByLabel("Workflow name")).toHaveValue("Onboarding – kept");
  expect(await workflowCount(page, client.id)).toBe(0);

  // The summary's links lead to the fields.
  await summary.getByRole("link", { name: "Client name is required" }).click();
  await expect(clientName).toBeFocused();

  // What only the API knows (a format, a rule across fields) is named by label too, and focused.
  await clientName.fill("Fabrikam");
  await expect(clientName).not.toHaveAttribute("aria-invalid", "true");
  await domain.fill("not a domain");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  await expect(summary).toContainText("E-mail domain must be a domain such as contoso.com");
  await expect(domain).toHaveAccessibleDescription(/^E-mail domain must be a domain such as contoso\.com/);
  await expect(domain).toBeFocused();
  await domain.fill("fabrikam.com");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  const orgId = page.getByLabel("Documentation organisation id");
  await expect(summary).toContainText("Documentation organisation id is required when the contact record goes to documentation");
  await expect(orgId).toHaveAttribute("aria-invalid", "true");
  await expect(orgId).toBeFocused();
  await expect(domain).toHaveValue("fabrikam.com");
  await expect(clientName).toHaveValue("Fabrikam");
  await expect(page.getByLabel("Workflow name")).toHaveValue("Onboarding – kept");
  expect(await workflowCount(page, client.id)).toBe(0);
});

test("low-disk setup: a number out of range and a missing script id are both named before anything is sent", async ({ page }) => {
  await signIn(page);
  const client = await newClient(page);
  await page.goto(`/w/${client.id}/blueprints/low-disk-remediation`);
  await page.getByLabel("Install into workspace").selectOption({ label: `${client.name} (client)` });
  await page.getByLabel("Wait before re-checking (seconds)").fill("0");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();

  const summary = page.locator("form").getByRole("alert");
  await expect(summary.getByRole("listitem")).toHaveText(["Cleanup script id is required", "Wait before re-checking (seconds) must be between 1 and 3600"]);
  await expect(summary).toContainText("2 fields need attention");
  await expect(page.getByLabel("Cleanup script id")).toBeFocused();
  await expect(page.getByLabel("Wait before re-checking (seconds)")).toHaveAccessibleDescription(/^Wait before re-checking \(seconds\) must be between 1 and 3600/);
  await expect(page.getByLabel("Wait before re-checking (seconds)")).toHaveValue("0");
  expect(await workflowCount(page, client.id)).toBe(0);
});

test("new-hire setup: a department listed twice in another case is named at the later entry, by label", async ({ page }) => {
  await signIn(page);
  const client = await newClient(page);
  await page.goto(`/w/${client.id}/blueprints/new-hire-provisioning`);
  await page.getByLabel("Install into workspace").selectOption({ label: `${client.name} (client)` });
  await page.getByRole("button", { name: /^Fill in the example/ }).click();
  const departments = page.getByRole("group", { name: "Per department" });
  await departments.getByRole("button", { name: "Add per department" }).click();
  const second = departments.getByLabel("Department").last();
  await second.fill("clinical");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();

  const text = 'Department (Per department 4) is already listed as department 1 ("Clinical"; names match without regard to case): add its licences, groups and vault collections there';
  await expect(page.locator("form").getByRole("alert")).toContainText(text);
  await expect(second).toHaveAttribute("aria-invalid", "true");
  await expect(second).toHaveAccessibleDescription(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(second).toBeFocused();
  await expect(departments.getByLabel("Department").first()).not.toHaveAttribute("aria-invalid", "true");
  await expect(second).toHaveValue("clinical");
  expect(await workflowCount(page, client.id)).toBe(0);
});

test("warranty setup: the cost table keeps every row while names are typed, and a repeated name is named at its row", async ({ page }) => {
  await signIn(page);
  const client = await newClient(page);
  await page.goto(`/w/${client.id}/blueprints/warranty-lifecycle-report`);
  await page.getByLabel("Install into workspace").selectOption({ label: `${client.name} (client)` });
  await page.getByLabel("Client name").fill("Fabrikam");
  const table = page.getByRole("group", { name: "Replacement cost per device class" });
  const names = table.getByLabel(/^Replacement cost per device class: name \d+$/);
  const typed = () => expect.poll(() => names.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)));
  await typed().toEqual(["laptop", "desktop", "server", "tablet"]);

  // Two empty rows stay two rows (they used to share the name "" and be one).
  await table.getByRole("button", { name: "Add row" }).click();
  await table.getByRole("button", { name: "Add row" }).click();
  await expect(names).toHaveCount(6);
  // Typing "laptop-pro" passes through "laptop": neither that row nor row 1 may vanish meanwhile.
  await names.nth(4).pressSequentially("laptop-pro");
  await typed().toEqual(["laptop", "desktop", "server", "tablet", "laptop-pro", ""]);
  await expect(table.getByLabel("Replacement cost per device class: laptop", { exact: true })).toHaveValue("1400");
  await table.getByLabel("Replacement cost per device class: laptop-pro").fill("2100");

  // The same name once trimmed, and a cost without a name: each named at its row, nothing sent.
  await names.nth(5).fill("desktop ");
  await table.getByLabel("Replacement cost per device class: desktop").last().fill("999");
  await table.getByRole("button", { name: "Add row" }).click();
  await table.getByLabel("Replacement cost per device class: value 7").fill("50");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  const repeated = "Name in row 6 (Replacement cost per device class) is already listed in row 2";
  const unnamed = "Name in row 7 (Replacement cost per device class) is required for a row with a value";
  const summary = page.locator("form").getByRole("alert");
  await expect(summary.getByRole("listitem")).toHaveText([repeated, unnamed]);
  await expect(names.nth(5)).toHaveAttribute("aria-invalid", "true");
  await expect(names.nth(5)).toHaveAccessibleDescription(repeated);
  await expect(names.nth(5)).toBeFocused();
  await expect(names.nth(6)).toHaveAccessibleDescription(unnamed);
  await expect(names.nth(1)).not.toHaveAttribute("aria-invalid", "true");
  await typed().toEqual(["laptop", "desktop", "server", "tablet", "laptop-pro", "desktop ", ""]);
  expect(await workflowCount(page, client.id)).toBe(0);

  // Renamed, the row is installed; an added row left empty is left out.
  await names.nth(5).fill("desktop-xl");
  await expect(names.nth(5)).not.toHaveAttribute("aria-invalid", "true");
  await table.getByLabel("Replacement cost per device class: value 7").fill("");
  await page.getByRole("button", { name: "Create Draft workflow" }).click();
  await page.getByRole("link", { name: "Open the workflow" }).click(); // its apps have no account yet
  await page.waitForURL(new RegExp(`/w/${client.id}/workflows/[^/]+$`));
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const wf = (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { steps: { config: { computed?: { name: string; expression: string }[] } }[] };
  const budget = wf.steps[2].config.computed!.find((c) => c.name === "budgetImpact")!.expression;
  expect(budget).toContain('$costs := {"laptop":1400,"desktop":1100,"server":6500,"tablet":700,"laptop-pro":2100,"desktop-xl":999}');
});
