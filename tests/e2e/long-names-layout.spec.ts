// A big workspace's long, unbreakable and unicode names (found by QA): a client or workflow name
// without spaces pushed the Runs, Audit log and Pushed copies tables' columns out of their box (at
// 1920 px too), and the Runs filter past the window; names cut to a line had no tooltip (canvas
// steps, the Workflows list, a run's steps) and the Runs filter said "Runs of one workflow" when
// no run matched. At 1280 px, the screen the README says the Runs table fits.
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { addFinishedRuns, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1280, height: 900 } });

const CLIENT = `Überlange_Bezeichnung_ohne_Leerzeichen_${"X".repeat(56)} 11`;
const FLOW = `Rechnungsabgleich_${"Y".repeat(149)}`; // 167 characters, no space
const STEP = "Alert received from the RMM about low disk space on the file server";

async function setUp(page: Page) {
  const tag = randomBytes(3).toString("hex");
  const email = `long-names-${tag}@example.test`;
  await createProviderOwner(`Long names MSP ${tag}`, email, "long-names-pw-1");
  await signIn(page, email, "long-names-pw-1");
  const ws = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: CLIENT } });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const steps = [
    { id: "hook", kind: "webhook", config: {} },
    { id: "calc", kind: "code", name: STEP, config: { code: "return 1" } },
  ];
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: FLOW, steps } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const pushed = await page.request.post(`/api/v1/workflows/${id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  return { ws, id, copy };
}

/** The table's right edge is inside its scroll box's, and that box inside the window. */
async function fitsItsBox(table: Locator, box: Locator) {
  const t = (await table.boundingBox())!;
  const b = (await box.boundingBox())!;
  expect(t.x + t.width, "the table's right edge").toBeLessThanOrEqual(b.x + b.width + 1);
  expect(b.x + b.width, "the box's right edge").toBeLessThanOrEqual(1280);
}

test("the Runs table with a long client and workflow name without spaces fits its box at 1280 px, a run's steps named whole", async ({ page }) => {
  const { ws, id, copy } = await setUp(page);
  // A test run of the workflow (its steps listed when its row opens), and one run of the client's copy.
  const started = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${started.run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");
  await addFinishedRuns(copy, 1);

  await page.goto(`/w/${ws}/runs`);
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: CLIENT.slice(0, 30) })).toHaveCount(1);
  await fitsItsBox(page.getByRole("table", { name: "Runs" }), page.getByRole("region", { name: "Runs table" }));
  // Every column, Actions last, in view.
  const actions = (await page.getByRole("columnheader", { name: "Actions" }).boundingBox())!;
  expect(actions.x + actions.width).toBeLessThanOrEqual(1280);

  // A run's steps: the name whole (not cut at 160 px) and as the tooltip; the link still says what it does.
  const own = rows.filter({ hasNotText: CLIENT.slice(0, 30) });
  await own.getByRole("button", { name: /^Steps of run/ }).click();
  const stepLink = page.getByRole("link", { name: `${STEP}: open this step's execution in the editor` });
  await expect(stepLink).toHaveAttribute("title", STEP);
  const shown = await stepLink.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
  expect(shown, "the step's name shown whole").toBe(true);
});

test("one workflow's runs: the filter's line with a long name stays in the window", async ({ page }) => {
  const { ws, id } = await setUp(page);
  await addFinishedRuns(id, 1);
  await page.goto(`/w/${ws}/runs?workflowId=${id}&clients=false`);
  await expect(page.getByTestId("workflow-filter")).toContainText(`Runs of ${FLOW}`);
  const showAll = (await page.getByRole("button", { name: "Show every workflow" }).boundingBox())!;
  expect(showAll.x + showAll.width).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await fitsItsBox(page.getByRole("table", { name: "Runs" }), page.getByRole("region", { name: "Runs table" }));
});

test("the Audit log and the Push page's Clients with a copy fit their box with a long client name", async ({ page }) => {
  const { ws, id } = await setUp(page);
  await page.goto(`/w/${ws}/audit`);
  await expect(page.getByRole("table", { name: "Audit log" }).getByRole("cell", { name: CLIENT }).first()).toBeVisible();
  await fitsItsBox(page.getByRole("table", { name: "Audit log" }), page.getByRole("region", { name: "Audit log table" }));

  await page.goto(`/w/${ws}/workflows/${id}/push`);
  await expect(page.getByRole("table", { name: "Pushed copies" }).getByRole("cell", { name: CLIENT })).toBeVisible();
  await fitsItsBox(page.getByRole("table", { name: "Pushed copies" }), page.getByRole("region", { name: "Pushed copies table" }));
  // The title (Push "<workflow>") wraps too: the page is no wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test("the Runs filter names its workflow when no run matches", async ({ page }) => {
  const { ws, id } = await setUp(page);
  await page.goto(`/w/${ws}/runs?workflowId=${id}&status=failed&clients=false`);
  await expect(page.getByText("No runs match.")).toBeVisible();
  await expect(page.getByTestId("workflow-filter")).toContainText(`Runs of ${FLOW}`);
  // An id of no workflow here names none.
  await page.goto(`/w/${ws}/runs?workflowId=nonexistent&clients=false`);
  await expect(page.getByTestId("workflow-filter")).toContainText("Runs of one workflow");
});

test("cut names are whole in a tooltip: a canvas step, a Workflows row; the editor's name box takes the room there is", async ({ page }) => {
  const { ws, id } = await setUp(page);
  await page.goto(`/w/${ws}/workflows`);
  await expect(page.getByRole("link", { name: FLOW, exact: true })).toHaveAttribute("title", FLOW);

  await page.goto(`/w/${ws}/workflows/${id}`);
  const node = page.getByTestId("step-node-2");
  await expect(node.getByTitle(STEP, { exact: true })).toBeVisible();
  await expect(page.locator(".react-flow__node").filter({ has: node })).toHaveAttribute("aria-label", `Step 2: ${STEP} (Code Execution)`);
  const name = (await page.getByTestId("editor-header").getByLabel("Workflow name").boundingBox())!;
  expect(name.width, "the name box's width").toBeGreaterThan(500);
});

test("the Push button names a long client whole on a narrow screen", async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  const { ws, id } = await setUp(page);
  await page.goto(`/w/${ws}/workflows/${id}/push`);
  await page.getByLabel("Client workspace").selectOption({ label: CLIENT });
  const button = page.getByRole("button", { name: `Push to ${CLIENT}` });
  await expect(button).toBeVisible();
  const b = (await button.boundingBox())!;
  expect(b.x + b.width).toBeLessThanOrEqual(600);
  const whole = await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);
  expect(whole, "the name shown whole in the button").toBe(true);
});
