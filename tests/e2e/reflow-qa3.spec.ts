// What a zoom-and-reflow QA pass found: at 200% zoom (640×400 CSS px) the step panel's header,
// description and problems stayed fixed above its tabs and left the tab's content 32 px, and the
// page scrolled past the editor's header (Go live out of view); the Runs page's table was wider
// than its box at 1280 px, Run again past its right edge, its hint one word a line (rows 200+ px
// tall) beside an empty 448 px Error column; the Add a member form's "(new accounts)" hint was
// read as part of the Name field's name.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { openOwnWorkflow, runSucceeded } from "./own-workflow";
import { signInToOwnProvider } from "./own-provider";

/** The nearest ancestor of `el` that scrolls up and down (the element itself counts): its visible height. */
const scrollRoom = (el: Locator) =>
  el.evaluate((node) => {
    for (let n: HTMLElement | null = node as HTMLElement; n; n = n.parentElement) {
      const y = getComputedStyle(n).overflowY;
      if ((y === "auto" || y === "scroll") && n.scrollHeight > n.clientHeight) return { height: n.clientHeight, testId: n.dataset.testid ?? n.getAttribute("role") };
    }
    return null;
  });

/** How far the page itself scrolls beyond the window. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

/** A run of the whole workflow, then a test of step 2 alone (on its outputs): that run's Run again
 *  runs the whole workflow, which its hint says. */
async function testStepTwoAlone(page: Page, id: string) {
  await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } }));
  await runSucceeded(page, page.request.post(`/api/v1/workflows/${id}/steps/2/test`));
}

const LONG_ERROR = "boom: the ticket system answered that the device is not enrolled in any site the technician can see, so nothing was isolated";

const WITH_PROBLEM = [
  { kind: "webhook", config: { testingData: { host: "srv-1" } } },
  { kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "1" }] } },
  // No URL yet: the step lists a problem above its tabs.
  { kind: "http", name: "Call the PSA", config: { method: "POST", url: "" } },
];

test.describe("at 200% zoom", () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test("the step panel scrolls as one, so its tabs' content has the room, and the page does not scroll", async ({ page }) => {
    await openOwnWorkflow(page, "zoomroom", WITH_PROBLEM);
    await page.getByTestId("step-node-3").click();
    const panel = page.getByTestId("step-panel");
    await expect(panel.getByTestId("step-problems")).toBeVisible();
    const method = panel.getByRole("combobox", { name: /^Method/ });
    await method.scrollIntoViewIfNeeded();
    // The content scrolls with the header: its scroll container is the whole panel, not the
    // tab's few pixels under the header, description and problems.
    const room = await scrollRoom(method);
    expect(room?.testId).toBe("step-panel");
    expect(room!.height).toBeGreaterThanOrEqual(150);
    // Nothing below the editor pushes the page: Go live stays in the window.
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const goLive = page.getByRole("button", { name: "Go live" });
    const box = (await goLive.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(400);

    // The same on the other tabs.
    for (const tab of ["Test & Debug", "Executions"]) {
      await panel.getByRole("tab", { name: tab }).click();
      expect(await panel.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
      expect(await panel.getByRole("tabpanel", { name: tab }).evaluate((el) => getComputedStyle(el).overflowY)).toBe("visible");
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    }
  });
});

test("on a desktop screen the step's header stays put and only the tab's content scrolls", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openOwnWorkflow(page, "deskroom", WITH_PROBLEM);
  await page.getByTestId("step-node-3").click();
  const panel = page.getByTestId("step-panel");
  await expect(panel.getByTestId("step-problems")).toBeVisible();
  expect(await panel.evaluate((el) => getComputedStyle(el).overflowY)).toBe("visible");
  expect(await panel.getByRole("tabpanel", { name: "Configure" }).evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

test("the Runs table fits a 1280 px screen: Run again in view, its hint readable, rows compact", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { id, ws } = await openOwnWorkflow(page, "runsfit", [
    { kind: "webhook", config: { testingData: { host: "srv-1" } } },
    { kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "1" }] } },
  ]);
  await testStepTwoAlone(page, id);
  // And a run that failed with a long error, in a workflow of its own.
  const failing = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "Fails", steps: [{ kind: "webhook", config: {} }, { kind: "code", name: "Boom", config: { code: `throw new Error(${JSON.stringify(LONG_ERROR)});` } }] },
  });
  const { id: failingId } = (await failing.json()) as { id: string };
  const { run } = (await (await page.request.post(`/api/v1/workflows/${failingId}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("failed");
  await page.goto(`/w/${ws}/runs`);
  const region = page.getByRole("region", { name: "Runs table" });
  const row = page.getByTestId("run-row").nth(1);
  const again = row.getByRole("button", { name: "Run again" });
  await expect(again).toHaveAccessibleDescription(/^Runs the whole workflow, not only step 2/);

  // No sideways scroll: the table is as wide as its box, and Run again inside it.
  const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  const [r, b] = [(await region.boundingBox())!, (await again.boundingBox())!];
  expect(b.x + b.width).toBeLessThanOrEqual(r.x + r.width);
  // The hint is a few lines, not a word a line, and the row stays short.
  const hint = (await row.getByTestId("rerun-note").boundingBox())!;
  expect(hint.width).toBeGreaterThanOrEqual(200);
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(110);
  // The failed run's row shows the start of its error, and stays short too.
  const failed = page.getByTestId("run-row").first();
  await expect(failed).toContainText("boom: the ticket");
  expect((await failed.boundingBox())!.height).toBeLessThanOrEqual(110);
});

test("on a phone the Runs table's rows stay compact and Run again's hint readable", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { id, ws } = await openOwnWorkflow(page, "runsphone", [
    { kind: "webhook", config: { testingData: { host: "srv-1" } } },
    { kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "1" }] } },
  ]);
  await testStepTwoAlone(page, id);
  await page.goto(`/w/${ws}/runs`);
  const row = page.getByTestId("run-row").first();
  await expect(row.getByRole("button", { name: "Run again" })).toBeVisible();
  expect((await row.getByTestId("rerun-note").boundingBox())!.width).toBeGreaterThanOrEqual(200);
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(110);
  // The page itself never scrolls sideways: only the table's own box does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test("the Add a member form's Name hint is the field's description, not part of its name", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "namehint");
  await page.goto(`/w/${ws}/members`);
  const form = page.getByRole("form", { name: "Add a member" });
  const name = form.getByRole("textbox", { name: "Name", exact: true });
  await expect(name).toBeVisible();
  await expect(name).toHaveAccessibleDescription("(new accounts)");
});
