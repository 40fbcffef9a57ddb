// WCAG 2.1 A/AA, measured with axe-core on every main page a technician uses: sign-in, the
// workflow list, the editor (a workflow open, a step's panel open, a run shown), Runs, accounts
// and connections, the settings pages, members, clients, push, blueprints. A violation of impact
// serious or critical fails the test; moderate and minor ones are printed, not asserted.
// Its own provider (with one client), so the seeded one is untouched.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Findings looked at and kept, with why (each is printed still). */
const ACCEPTED = [
  // The Workflow data panel's tree items are named as their row reads ("1. Webhook, object, 2
  // fields"); the item's note and its open children are its description and its group, not its
  // name, while axe counts all of their text as the item's visible label (WAI-ARIA tree pattern).
  { rule: "label-content-name-mismatch", html: '<li role="treeitem"' },
];

/** Runs axe on the page as it is; soft-asserts no serious/critical violation, prints the rest. */
async function audit(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const line = (v: (typeof violations)[number]) =>
    `  [${v.impact}] ${v.id} ×${v.nodes.length}: ${v.help}\n${v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(" ")}`)
      .join("\n")}`;
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !ACCEPTED.some((a) => a.rule === v.id && n.html.startsWith(a.html))) }))
    .filter((v) => v.nodes.length > 0);
  if (violations.length) console.log(`axe ${label}:\n${violations.map(line).join("\n")}`);
  expect.soft(blocking.map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${label}: serious/critical`).toEqual([]);
}

test("sign-in page", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await audit(page, "sign-in");
});

test("the workspace's pages, the editor with a step's panel and a run, push and blueprints", async ({ page }) => {
  test.setTimeout(180_000);
  const { ws, id } = await openOwnWorkflow(page, "axe", [
    { id: "hook", kind: "webhook", config: {} },
    { id: "shape", kind: "transform", name: "Shape ticket", config: { fields: [{ name: "subject", expression: '"Disk full"' }] } },
  ]);
  await audit(page, "editor (workflow open)");

  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  await expect(panel.getByRole("tab", { name: "Configure" })).toHaveAttribute("aria-selected", "true");
  await audit(page, "editor (step panel open)");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await expect(panel.getByRole("button", { name: "Run step" })).toBeVisible();
  await audit(page, "editor (step panel, Test & Debug)");

  const run = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.run.id}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toMatch(/^(succeeded|failed)$/);
  await page.goto(`/w/${ws}/workflows/${id}?step=shape&run=${run.run.id}`);
  await expect(page.getByTestId("step-node-2")).toBeVisible();
  await expect(page.getByText("Disk full").first()).toBeVisible();
  await audit(page, "editor (a run's step)");

  const client = (await (await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: "Axe Dental" } })).json()) as { id: string };
  const views: [string, string][] = [
    ["workflow list", `/w/${ws}/workflows`],
    ["runs", `/w/${ws}/runs`],
    ["connections", `/w/${ws}/connections`],
    ["variables", `/w/${ws}/variables`],
    ["files", `/w/${ws}/files`],
    ["members", `/w/${ws}/members`],
    ["clients", `/w/${ws}/clients`],
    ["account", `/w/${ws}/account`],
    ["retention", `/w/${ws}/retention`],
    ["audit", `/w/${ws}/audit`],
    ["push", `/w/${ws}/workflows/${id}/push`],
    ["blueprints", `/w/${ws}/blueprints`],
    ["blueprint setup", `/w/${client.id}/blueprints/new-hire-provisioning`],
    ["workspaces", `/workspaces`],
  ];
  for (const [label, url] of views) {
    await page.goto(url);
    await expect(page.getByRole("main")).toBeVisible();
    await audit(page, label);
  }

  // The Runs view with a run's row opened.
  await page.goto(`/w/${ws}/runs`);
  await page.getByTestId("run-row").first().click();
  await audit(page, "runs (a run opened)");
});

/** Presses Tab until `target` has focus (at most `max` times), as a keyboard user gets there. */
async function tabToLocator(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${String(target)} not reached with ${max} presses of Tab`);
}

test("the editor's main actions by keyboard: add a step, open a step, Run step, save, Go live", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  const { id } = await openOwnWorkflow(page, "axekeys", [
    { kind: "webhook", config: { testingData: { host: "srv-01" } } },
    { kind: "transform", name: "Shape ticket", config: { fields: [{ name: "subject", expression: '"Disk full on " & {{ 1.host }}' }] } },
  ]);
  const panel = page.getByTestId("step-panel");

  // Add step: a tool of the dock, Tab then Enter.
  await page.locator("body").focus();
  await tabToLocator(page, page.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^Code/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-node-3")).toBeVisible();

  // Open a step: its canvas node, Tab then Enter.
  await page.locator("body").focus();
  await tabToLocator(page, page.locator('.react-flow__node:has([data-testid="step-node-2"])'));
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("textbox", { name: /name/i }).first()).toHaveValue("Shape ticket");

  // Run step: Tab to the panel's tabs (the selected one takes focus), the arrow key to Test &
  // Debug, then Tab to its button.
  await tabToLocator(page, panel.getByRole("tab", { name: "Configure" }));
  await page.keyboard.press("ArrowRight");
  await expect(panel.getByRole("tab", { name: "Test & Debug" })).toBeFocused();
  await expect(panel.getByRole("tab", { name: "Test & Debug" })).toHaveAttribute("aria-selected", "true");
  await tabToLocator(page, panel.getByRole("button", { name: "Run step" }));
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("succeeded", { timeout: 15_000 });
  await expect(panel.getByRole("region", { name: "Test result" })).toContainText("Disk full on srv-01");

  // Save: Ctrl+S keeps the added step.
  await page.keyboard.press("Control+s");
  await expect.poll(async () => (await storedWorkflow(page, id)).steps.length).toBe(3);

  // Go live: the header's button, Tab then Enter (the Code step added above has its default code).
  await page.locator("body").focus();
  await tabToLocator(page, page.getByTestId("editor-header").getByRole("button", { name: "Go live" }));
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await storedWorkflow(page, id)).mode).toBe("live");
});
