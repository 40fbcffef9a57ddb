// A workflow installed from an older version of a blueprint says so in the Workflows list and the
// editor, with the change notes since, and Install v3 as a new Draft installs the newest version
// with the same setup into a new Draft and opens it — the older workflow stays as it was.
import { expect, test } from "@playwright/test";
import { setInstalledBlueprintVersion } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("an install from v1 of the new-hire blueprint is told of v3 and installs it as a new Draft", async ({ page }) => {
  await signIn(page);
  const provider = await providerWorkspaceId(page);
  const clientName = `Upgrade ${Date.now().toString(36)}`;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } })).json()) as { id: string }).id;
  const gallery = (await (await page.request.get("/api/v1/blueprints")).json()) as { blueprints: { slug: string; exampleSetup: unknown }[] };
  const setup = gallery.blueprints.find((b) => b.slug === "new-hire-provisioning")!.exampleSetup;
  const installed = await page.request.post(`/api/v1/workspaces/${clientId}/blueprints/new-hire-provisioning`, { data: { setup, name: "Onboarding" } });
  expect(installed.status()).toBe(201);
  const old = (await installed.json()) as { id: string };
  await setInstalledBlueprintVersion(old.id, 1);

  await page.goto(`/w/${clientId}/workflows`);
  const row = page.getByTestId("workflow-row").filter({ has: page.getByRole("link", { name: "Onboarding", exact: true }) });
  const rowNotice = row.getByTestId("blueprint-upgrade-notice");
  await expect(rowNotice).toContainText("Blueprint New-hire provisioning v1 — v3 available:");
  await expect(rowNotice).toContainText("v2: Checks every answer inside the assigning $batch");
  await expect(rowNotice).toContainText("v3: Requests Graph refused for now");

  await row.getByRole("link", { name: "Onboarding", exact: true }).click();
  await page.waitForURL(`**/workflows/${old.id}`);
  const notice = page.getByTestId("blueprint-upgrade-notice");
  await expect(notice).toContainText("Blueprint New-hire provisioning v1 — v3 available:");
  await notice.getByRole("button", { name: "Install v3 as a new Draft" }).click();

  await page.waitForURL((u) => /\/workflows\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(old.id));
  await expect(page.getByRole("heading", { name: "Onboarding (v3)", exact: true })).toBeAttached();
  await expect(page.getByTestId("blueprint-upgrade-notice")).toHaveCount(0);
  const newId = page.url().split("/").pop()!;
  const created = (await (await page.request.get(`/api/v1/workflows/${newId}`)).json()) as { mode: string; steps: unknown[]; blueprint: { version: number } };
  expect(created).toMatchObject({ mode: "draft", blueprint: { version: 3 } });
  expect(created.steps).toHaveLength(16);

  // The older workflow is still there, as it was, and still says v3 is available.
  await page.goto(`/w/${clientId}/workflows`);
  await expect(page.getByTestId("workflow-row")).toHaveCount(2);
  await expect(row.getByTestId("blueprint-upgrade-notice")).toBeVisible();
  const fresh = page.getByTestId("workflow-row").filter({ has: page.getByRole("link", { name: "Onboarding (v3)", exact: true }) });
  await expect(fresh.getByText("Draft", { exact: true })).toBeVisible();
  await expect(fresh.getByTestId("blueprint-upgrade-notice")).toHaveCount(0);
  const oldNow = (await (await page.request.get(`/api/v1/workflows/${old.id}`)).json()) as { steps: unknown[]; blueprint: { version: number } };
  expect(oldNow.steps).toHaveLength(16);
  expect(oldNow.blueprint.version).toBe(1);
});
