// What a screen reader says, found by a keyboard-and-screen-reader QA pass: canvas edges named by
// internal ids ("Edge from st_29Of5g7sh to st_HHRgO_w-L"), the selected step shown by colour only,
// rows whose controls all had one name ("Edit", "Set", "View run", "succeeded 2 minutes ago" ×3),
// the workspace switcher's name hiding its visible workspace name, editor panes that were tab
// panels without tabs on a wide screen, titles without the workflow's name, Rename's silent empty
// name, and a hint inside the Token URL's label (part of the field's name).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";
import { signInToOwnProvider } from "./own-provider";

// Soft assertions: each defect is reported on its own, not only the first one a test meets.

/** The names of the `role` elements in `scope`'s accessibility tree (its ARIA snapshot). */
async function namesOf(scope: Locator, role: string): Promise<string[]> {
  const snapshot = await scope.ariaSnapshot();
  return [...snapshot.matchAll(new RegExp(`- ${role} "((?:[^"\\\\]|\\\\.)*)"`, "g"))].map((m) => m[1].replace(/\\"/g, '"'));
}

/** A clock time as the page writes it (the browser's locale). */
const clockOf = (page: Page, iso: string) =>
  page.evaluate((at) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" }), iso);

test("canvas: edges are named by step numbers and branch, the open step is the current one", async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  const transform = (name: string) => ({ kind: "transform", name, config: { fields: [{ name: "t", expression: '"x"' }] } });
  await openOwnWorkflow(page, "edgenames", [
    { kind: "webhook", config: {} },
    { kind: "conditions", config: { branches: [{ id: "b1", name: "Urgent", rules: [{ left: "{{ 1.x }}", op: "exists" }], target: "a" }], otherwise: { target: "b" } } },
    { id: "a", ...transform("Page on-call") },
    { id: "b", ...transform("Open ticket") },
  ]);
  const canvas = page.getByRole("region", { name: "Workflow canvas" });
  await expect.soft(canvas.getByRole("img", { name: "Step 1 to step 2", exact: true })).toHaveCount(1);
  await expect.soft(canvas.getByRole("img", { name: "Step 2 to step 3 (Urgent)", exact: true })).toHaveCount(1);
  await expect.soft(canvas.getByRole("img", { name: "Step 2 to step 4 (Otherwise)", exact: true })).toHaveCount(1);
  expect.soft(await canvas.ariaSnapshot()).not.toContain("Edge from");

  const step = (n: number) => canvas.getByRole("group", { name: new RegExp(`^Step ${n}:`) });
  await expect.soft(canvas.locator("[aria-current]")).toHaveCount(0);
  await step(3).focus();
  await page.keyboard.press("Enter");
  await expect.soft(step(3)).toHaveAttribute("aria-current", "step");
  await expect.soft(canvas.locator("[aria-current]")).toHaveCount(1);
  await step(4).focus();
  await page.keyboard.press("Enter");
  await expect.soft(step(4)).toHaveAttribute("aria-current", "step");
  await expect.soft(step(3)).not.toHaveAttribute("aria-current");
});

test("editor: panes are tab panels only where their tabs show; the title names the workflow", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { ws, id } = await openOwnWorkflow(page, "panes", [{ kind: "webhook", config: {} }]);
  const name = await page.getByRole("textbox", { name: "Workflow name" }).inputValue();
  await expect.soft(page).toHaveTitle(`${name} · Workflow editor · MSP Flow`);
  await expect.soft(page.getByRole("tablist", { name: "Editor sections" })).toBeHidden();
  // (The step panel's own Configure / Test & Debug / Executions tabs show, and stay tab panels.)
  await expect.soft(page.getByRole("tabpanel").filter({ has: page.getByRole("region", { name: "Workflow canvas" }) })).toHaveCount(0);
  await expect.soft(page.getByRole("tabpanel").filter({ has: page.getByRole("heading", { name: "Tools" }) })).toHaveCount(0);

  // Narrow: the tabs show, and their panels are tab panels again.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect.soft(page.getByRole("tablist", { name: "Editor sections" })).toBeVisible();
  await expect.soft(page.getByRole("tabpanel", { name: "Canvas" })).toBeVisible();

  await page.goto(`/w/${ws}/workflows/${id}/push`);
  await expect.soft(page).toHaveTitle(`Push ${name} to a client · MSP Flow`);
});

test("executions and deliveries: each run's entry and View run link names its time", async ({ page }) => {
  const { ws, id } = await openOwnWorkflow(page, "runnames", [{ kind: "webhook", config: {} }]);
  const live = (await (await page.request.post(`/api/v1/workflows/${id}/live`)).json()) as { webhookUrl: string };
  for (let i = 0; i < 2; i++) expect((await page.request.post(live.webhookUrl, { data: { n: i } })).status()).toBe(202);
  const { runs } = (await (await page.request.get(`/api/v1/workflows/${id}/runs?limit=5`)).json()) as { runs: { createdAt: string }[] };
  const { deliveries } = (await (await page.request.get(`/api/v1/workflows/${id}/deliveries?limit=5`)).json()) as { deliveries: { receivedAt: string }[] };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");

  const links = panel.getByTestId("deliveries-log").getByRole("link", { name: /^View run/ });
  await expect.soft(links).toHaveCount(2);
  for (const [i, d] of deliveries.entries()) await expect.soft(links.nth(i)).toHaveAccessibleName(new RegExp(`^View run .*${await clockOf(page, d.receivedAt)}`));

  await panel.getByRole("tab", { name: "Executions" }).click();
  const entries = panel.getByRole("list", { name: "Executions of step 1" }).getByRole("button", { expanded: false });
  await expect.soft(entries).toHaveCount(2);
  for (const [i, r] of runs.entries()) await expect.soft(entries.nth(i)).toHaveAccessibleName(new RegExp(`^(queued|running|succeeded|failed)\\b.*, started ${await clockOf(page, r.createdAt)}$`));
});

test("rows: Edit, Set, Members and Open name their account, variable or client", async ({ page }) => {
  const { ws, name: providerName } = await signInToOwnProvider(page, "rownames");
  for (const name of ["KB PSA", "Other PSA"]) {
    expect((await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name, authKind: "bearer", credentials: { token: "t" } } })).status()).toBe(201);
  }
  for (const key of ["REGION", "TEAM"]) expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/${key}`, { data: { value: "x" } })).status()).toBe(201);
  for (const name of ["Northwind", "Contoso"]) expect((await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name } })).ok()).toBe(true);

  await page.goto(`/w/${ws}/connections`);
  const editNames = await namesOf(page.getByRole("main"), "button");
  expect.soft(editNames).toEqual(expect.arrayContaining(["Edit KB PSA", "Delete KB PSA", "Edit Other PSA"]));
  expect.soft(editNames).not.toContain("Edit");

  // The switcher says the workspace it shows, then what it does.
  await expect.soft(page.getByRole("button", { name: /switch workspace/i })).toHaveAccessibleName(new RegExp(`^${providerName}.*switch workspace$`, "i"));

  await page.goto(`/w/${ws}/variables`);
  await expect.soft(page.getByTestId("variable-REGION").getByRole("button", { name: "Set REGION", exact: true })).toBeVisible();
  await expect.soft(page.getByTestId("variable-TEAM").getByRole("button", { name: "Set TEAM", exact: true })).toBeVisible();

  await page.goto(`/w/${ws}/clients`);
  const row = page.getByTestId("client-row").filter({ hasText: "Northwind" });
  await expect.soft(row.getByRole("link", { name: "Members of Northwind", exact: true })).toBeVisible();
  await expect.soft(row.getByRole("link", { name: "Open Northwind", exact: true })).toBeVisible();
});

test("client review: each value's Save names its key", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "reviewnames")).ws;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: "Names Client" } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: "Two values", steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://chat.example/hook", body: { type: "raw", raw: "{{ vars.NOTE_A }} {{ vars.NOTE_B }}" } } }] },
  });
  expect(created.status()).toBe(201);
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await expect.soft(page).toHaveTitle("Review Two values · MSP Flow");
  await expect.soft(page.getByTestId("review-variable-NOTE_A").getByRole("button", { name: "Save NOTE_A", exact: true })).toBeVisible();
  await expect.soft(page.getByTestId("review-variable-NOTE_B").getByRole("button", { name: "Save NOTE_B", exact: true })).toBeVisible();
});

test("rename with an empty name says Name is required at the field; the Token URL's hint is its description", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "renameempty");
  expect((await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Disk alerts", steps: [] } })).status()).toBe(201);
  await page.goto(`/w/${ws}/connections`);
  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "Directory / identity" });
  const tokenUrl = form.getByRole("textbox", { name: "Token URL", exact: true });
  await expect.soft(tokenUrl).toBeVisible();
  await expect.soft(tokenUrl).toHaveAccessibleDescription(/with <tenant-id> replaced by your own value/);

  await page.goto(`/w/${ws}/workflows`);
  await page.getByRole("button", { name: "Actions for Disk alerts" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename workflow" });
  const field = dialog.getByLabel("Name");
  await field.fill("");
  await field.press("Enter");
  await expect.soft(dialog.getByRole("alert")).toHaveText("Name is required");
  await expect.soft(field).toHaveAttribute("aria-invalid", "true");
  await expect.soft(field).toHaveAccessibleDescription("Name is required");
  await field.fill("  ");
  await expect.soft(dialog.getByRole("alert")).toHaveCount(0);
  await field.press("Enter");
  await expect.soft(dialog.getByRole("alert")).toHaveText("Name is required");
  await field.fill("Disk space alerts");
  await field.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "Disk space alerts", exact: true })).toBeVisible();
});
