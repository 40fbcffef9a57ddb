// Autosave under real conditions: an edit made just before leaving the editor by a link is
// saved, an edit made while a save is under way (a slow network) is saved after it, and Run step
// or Go live act on what the editor shows — or say why they cannot (someone else saved meanwhile);
// a link away from changes that leaving would lose (a conflict, unparsed JSON) asks first.
// Someone else's version taken from the server starts Undo again from it; a save that got no
// answer is sent again by itself, and one stored but unanswered is no conflict when sent again.
import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { holdWorkflowReads } from "./hold-workflow-reads";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

async function openNew(page: Page, name: string) {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name, steps: [{ kind: "webhook", config: { testingData: { v: 0 } } }, { kind: "transform", name: "Step two", config: { fields: [{ name: "x", expression: "1" }] } }] },
  });
  const { id } = (await res.json()) as { id: string };
  // The editor reads the workflow once it has loaded: a save made by the test before that read is
  // answered would be taken as the editor's starting copy rather than as someone else's.
  const firstRead = page.waitForResponse((r) => r.request().method() === "GET" && r.url().endsWith(`/api/v1/workflows/${id}`));
  await page.goto(`/w/${ws}/workflows/${id}`);
  await expect(page.getByTestId("step-node-2")).toBeVisible();
  await firstRead;
  return { ws, id };
}

const stored = async (page: Page, id: string) => (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; version: number; steps: { name: string; config: { testingData?: unknown } }[] };
// Every PUT of the workflow takes 1.5 s longer, as over a slow VPN.
const slowSaves = (page: Page, id: string) =>
  page.route(`**/api/v1/workflows/${id}`, async (route) => {
    if (route.request().method() === "PUT") await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });


/** Step 1's Testing data editor, open in the step panel. */
async function openTestingData(page: Page) {
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  return { panel, testing: panel.getByRole("textbox", { name: "Testing data" }) };
}

/** Replaces the Testing data text with `text`, typed as a person would. */
async function retype(page: Page, testing: Locator, text: string) {
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

test("an edit made just before leaving by a link is saved", async ({ page }) => {
  const { id } = await openNew(page, `Leave quickly ${Date.now()}`);
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByLabel("Step name").fill("Renamed then left");
  await page.getByRole("link", { name: "Back to workflows" }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect.poll(async () => (await stored(page, id)).steps[1].name).toBe("Renamed then left");
});

test("an edit made while a save is under way is saved after it", async ({ page }) => {
  const { id } = await openNew(page, `Slow network ${Date.now()}`);
  await slowSaves(page, id);
  await page.getByTestId("step-node-2").click();
  const name = page.getByTestId("step-panel").getByLabel("Step name");
  const first = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`));
  await name.fill("First edit");
  await first; // under way for 1.5 s
  await name.fill("Second edit");
  await expect.poll(async () => (await stored(page, id)).steps[1].name, { timeout: 15_000 }).toBe("Second edit");
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
});

test("Run step runs what the editor shows even mid-save, and refuses while someone else's save is unresolved", async ({ page }) => {
  const { id } = await openNew(page, `Run what I see ${Date.now()}`);
  await slowSaves(page, id);
  const { panel, testing } = await openTestingData(page);
  const put = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`));
  await retype(page, testing, '{"v": 1}');
  await put; // the save of {"v": 1} is under way
  await retype(page, testing, '{"v": 2}');
  const started = page.waitForResponse((r) => r.url().endsWith(`/api/v1/workflows/${id}/steps/1/test`) && r.status() === 201);
  await panel.getByRole("button", { name: "Run step" }).click();
  const { run } = (await (await started).json()) as { run: { trigger: unknown } };
  expect(run.trigger).toEqual({ v: 2 });

  // Someone else saves; my next edit conflicts; Run step says so instead of running theirs.
  await page.unroute(`**/api/v1/workflows/${id}`);
  const release = await holdWorkflowReads(page, id);
  const theirs = await stored(page, id);
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: "Theirs", steps: theirs.steps, version: theirs.version } })).status()).toBe(200);
  await retype(page, testing, '{"v": 3}');
  await release(); // my edit is made: a read now finds their version with mine unsaved
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "conflict");
  const runs = async () => ((await (await page.request.get(`/api/v1/workflows/${id}/runs`)).json()) as { runs: unknown[] }).runs.length;
  const before = await runs();
  await panel.getByRole("button", { name: "Run step" }).click();
  await expect(panel.getByRole("alert")).toContainText("this workflow was saved elsewhere meanwhile (in another tab or by someone else): load that version or keep yours first");
  expect(await runs()).toBe(before);
});

test("a link away from changes in conflict asks first; Stay keeps them, Leave goes", async ({ page }) => {
  const { id } = await openNew(page, `Leave in conflict ${Date.now()}`);
  const release = await holdWorkflowReads(page, id);
  const theirs = await stored(page, id);
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: "Theirs", steps: theirs.steps, version: theirs.version } })).status()).toBe(200);
  await page.getByTestId("step-node-2").click();
  const name = page.getByTestId("step-panel").getByLabel("Step name");
  await name.fill("Mine, unsaved");
  await release();
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "conflict");

  await page.getByRole("link", { name: "Back to workflows" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave and lose your changes?" });
  await expect(dialog).toContainText("This workflow was saved elsewhere meanwhile (in another tab or by someone else)");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}$`));
  await expect(name).toHaveValue("Mine, unsaved");

  await page.getByRole("link", { name: "Back to workflows" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  expect((await stored(page, id)).name).toBe("Theirs");
});

test("a link away from Testing data that does not parse asks first; saved edits leave without asking", async ({ page }) => {
  await openNew(page, `Leave unparsed ${Date.now()}`);
  const { testing } = await openTestingData(page);
  await retype(page, testing, '{"v": ');
  await page.getByRole("link", { name: "Back to workflows" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave and lose your changes?" });
  await expect(dialog).toContainText("Step 1: Testing data is not valid JSON yet");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await retype(page, testing, '{"v": 5}');
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await page.getByRole("link", { name: "Back to workflows" }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(dialog).toHaveCount(0);
});

test("the browser's Back button from changes that leaving would lose asks first; once saved, Back just goes back", async ({ page }) => {
  const { ws, id } = await openNew(page, `Back unparsed ${Date.now()}`);
  // Arrive as a technician does: from the list, so Back has somewhere to go.
  await page.goto(`/w/${ws}/workflows`);
  await page.goto(`/w/${ws}/workflows/${id}`);
  const { testing } = await openTestingData(page);
  await retype(page, testing, '{"v": ');
  const dialog = page.getByRole("alertdialog", { name: "Leave and lose your changes?" });

  await page.goBack();
  await expect(dialog).toContainText("Step 1: Testing data is not valid JSON yet");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}$`));
  await expect(testing).toContainText('{"v": ');

  // Asked again after staying; Leave goes to the page before.
  await page.goBack();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/workflows$`));

  // Nothing to lose: Back is not held up, and goes to the page before in one step.
  await page.goto(`/w/${ws}/workflows/${id}`);
  await openTestingData(page);
  await retype(page, testing, '{"v": ');
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).not.toHaveAttribute("data-save-state", "saved");
  await page.keyboard.insertText("6}");
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/workflows$`));
  await expect(dialog).toHaveCount(0);
  expect((await stored(page, id)).steps[0].config.testingData).toEqual({ v: 6 });
});

test("in a tab opened straight on the editor, Back's Leave goes to the workflows list", async ({ page }) => {
  const { ws, id } = await openNew(page, `Back fresh tab ${Date.now()}`);
  // As a bookmark or a pasted link opens it: a tab whose first entry is the editor.
  const opened = page.context().waitForEvent("page");
  await page.evaluate((url) => window.open(url, "_blank", "noopener"), `/w/${ws}/workflows/${id}`);
  const fresh = await opened;
  await expect(fresh.getByTestId("step-node-2")).toBeVisible();
  expect(await fresh.evaluate(() => history.length)).toBe(1);
  const { testing } = await openTestingData(fresh);
  await retype(fresh, testing, '{"v": ');
  await fresh.goBack();
  const dialog = fresh.getByRole("alertdialog", { name: "Leave and lose your changes?" });
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(fresh).toHaveURL(new RegExp(`/w/${ws}/workflows$`));
  await fresh.close();
});

test("someone else's version taken from the server starts Undo again from it: Undo cannot revert their change", async ({ page }) => {
  const { id } = await openNew(page, `Undo after theirs ${Date.now()}`);
  const header = page.getByTestId("editor-header");
  const state = header.locator("[data-save-state]");
  const undo = header.getByRole("button", { name: "Undo (Ctrl+Z)" });
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByLabel("Step name").fill("Mine");
  await expect(state).toHaveAttribute("data-save-state", "saved");
  await expect.poll(async () => (await stored(page, id)).steps[1].name).toBe("Mine");
  await expect(undo).toBeEnabled();

  // Someone else (another tab) renames step 1; this editor picks it up with its next poll.
  const theirs = await stored(page, id);
  const steps = theirs.steps.map((s, i) => (i === 0 ? { ...s, name: "Their trigger" } : s));
  expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: theirs.name, steps, version: theirs.version } })).status()).toBe(200);
  await expect(page.getByTestId("step-node-1")).toContainText("Their trigger", { timeout: 15_000 });

  // Undo would have put back the whole document from before their save: it starts again here,
  // and the editor says why.
  await expect(undo).toBeDisabled();
  await expect(header.getByTestId("history-dropped")).toContainText("Undo starts from here");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByTestId("step-node-2")).toContainText("Mine");
  await expect(state).toHaveAttribute("data-save-state", "saved");
  expect((await stored(page, id)).steps.map((s) => s.name)).toEqual(["Their trigger", "Mine"]);

  // The next edit is undoable again, and the note goes.
  await page.getByTestId("step-node-2").click();
  await page.getByTestId("step-panel").getByLabel("Step name").fill("Mine again");
  await expect(header.getByTestId("history-dropped")).toHaveCount(0);
  await expect(undo).toBeEnabled();
});

test("a save that gets no answer says so in words, and is sent again by itself: after a backoff, when the browser is back online, or on Retry now", async ({ page }) => {
  const { id } = await openNew(page, `Network drop ${Date.now()}`);
  const header = page.getByTestId("editor-header");
  const state = header.locator("[data-save-state]");
  const name = page.getByTestId("step-panel").getByLabel("Step name");
  let failed = 0;
  page.on("requestfailed", (r) => void (r.method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`) && failed++));

  // The network drops the save: the header says so in words, offers Retry now, and tries again
  // by itself (no edit, no Ctrl+S) — here while the network is still down.
  await page.context().setOffline(true);
  await page.getByTestId("step-node-2").click();
  await name.fill("Typed offline");
  await expect(state).toHaveAttribute("data-save-state", "error");
  await expect(header).toContainText("Not saved: couldn't reach the server (check the connection)");
  await expect(header).not.toContainText("Failed to fetch");
  await expect(header.getByRole("button", { name: "Retry now" })).toBeVisible();
  // Failures 2 and 3 come by themselves after 2 s and 4 s; the next is 8 s away.
  await expect.poll(() => failed, { timeout: 15_000 }).toBe(3);
  // Back online, the browser says so and the save goes at once, well before that.
  await page.context().setOffline(false);
  await expect(state).toHaveAttribute("data-save-state", "saved", { timeout: 4_000 });
  expect((await stored(page, id)).steps[1].name).toBe("Typed offline");

  // Retry now: after the same three failures (the network answers nothing at all for this
  // workflow's saves), it saves as soon as it is pressed.
  const drop = (route: Route) => (route.request().method() === "PUT" ? route.abort("internetdisconnected") : route.fallback());
  await page.route(`**/api/v1/workflows/${id}`, drop);
  failed = 0;
  await name.fill("Saved on Retry now");
  await expect.poll(() => failed, { timeout: 15_000 }).toBe(3);
  await page.unroute(`**/api/v1/workflows/${id}`, drop);
  await header.getByRole("button", { name: "Retry now" }).click();
  await expect(state).toHaveAttribute("data-save-state", "saved", { timeout: 4_000 });
  expect((await stored(page, id)).steps[1].name).toBe("Saved on Retry now");
});

test("a save the server stored but whose answer was lost is no conflict when sent again; someone else's save meanwhile still is", async ({ page }) => {
  const { id } = await openNew(page, `Lost answer ${Date.now()}`);
  const header = page.getByTestId("editor-header");
  const state = header.locator("[data-save-state]");
  const name = page.getByTestId("step-panel").getByLabel("Step name");

  // The server stores the save, then the connection drops before its answer arrives.
  let stored1 = 0;
  const loseAnswer = async (route: Route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    await route.fetch();
    stored1++;
    await route.abort("connectionreset");
  };
  await page.route(`**/api/v1/workflows/${id}`, loseAnswer);
  await page.getByTestId("step-node-2").click();
  await name.fill("Stored, answer lost");
  await expect(state).toHaveAttribute("data-save-state", "error");
  expect(stored1).toBeGreaterThan(0);
  expect((await stored(page, id)).steps[1].name).toBe("Stored, answer lost");
  await page.unroute(`**/api/v1/workflows/${id}`, loseAnswer);
  // Sent again with the version it started from, it is refused by the server; and the editor's
  // next read of the workflow finds a newer version than its own. Neither is someone else's
  // change: the server holds exactly what was sent, so the editor reads it as saved.
  await expect(state).toHaveAttribute("data-save-state", "saved", { timeout: 15_000 });
  await expect(header).not.toContainText(/someone else/i);

  // The next edit saves on the server's version, as usual.
  await name.fill("After the lost answer");
  await expect(state).toHaveAttribute("data-save-state", "saved");
  expect((await stored(page, id)).steps[1].name).toBe("After the lost answer");

  // Someone else's save between a lost answer and its retry stays a conflict.
  let theirSaves = 0;
  const loseAnswerThenTheirs = async (route: Route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    await route.fetch();
    if (theirSaves++ > 0) return route.abort("connectionreset");
    const theirs = await stored(page, id);
    const steps = theirs.steps.map((s, i) => (i === 1 ? { ...s, name: "Theirs" } : s));
    expect((await page.request.put(`/api/v1/workflows/${id}`, { data: { name: theirs.name, steps, version: theirs.version } })).status()).toBe(200);
    await route.abort("connectionreset");
  };
  await page.route(`**/api/v1/workflows/${id}`, loseAnswerThenTheirs);
  await name.fill("Mine, answer lost");
  await expect(state).toHaveAttribute("data-save-state", "error");
  await page.unroute(`**/api/v1/workflows/${id}`, loseAnswerThenTheirs);
  await expect(state).toHaveAttribute("data-save-state", "conflict", { timeout: 15_000 });
});
