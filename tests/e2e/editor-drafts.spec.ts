// Editing that must not lose or mangle work: unfinished steps save in Draft (Live names what is
// missing), JSON text keeps what the user typed through autosaves, text that does not parse
// yet is never run or called saved, a cleared JSON body saves as no body, and switching the
// Body type back and forth keeps the body.
import { expect, test, type Page } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

async function openNew(page: Page, steps: unknown[]) {
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Drafts ${Date.now()}`, steps } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await expect(page.getByTestId("step-node-1")).toBeVisible();
  return id;
}

// The trigger's Testing data field, opened and all of its text selected for typing over.
async function selectTestingData(page: Page) {
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  await testing.click();
  await page.keyboard.press("ControlOrMeta+a");
  return testing;
}

const putOk = (page: Page, id: string) => page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${id}`) && r.status() === 200);
const stored = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { mode: string; steps: { kind: string; config: Record<string, unknown> }[] };

test("steps added unfinished are saved in Draft, marked, and named when going Live", async ({ page }) => {
  const id = await openNew(page, [{ kind: "webhook", config: {} }]);
  const dock = page.getByRole("complementary", { name: "Tools" });
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  for (const kind of [/^HTTP Request/, /^Parse JSON/, /^Code Execution/]) await dock.getByRole("button", { name: kind }).click();
  await expect(page.getByTestId("step-node-4")).toContainText("Code Execution");

  // Saved, with the unfinished steps named in words.
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await expect.poll(async () => (await stored(page, id)).steps.map((s) => s.kind)).toEqual(["webhook", "http", "parse_json", "code"]);
  await expect(header.getByTestId("unfinished-steps")).toHaveText("Before going Live: step 2 (HTTP Request): URL is required (and 1 more)");
  await expect(page.getByTestId("step-node-2").getByLabel("Needs attention: URL is required")).toBeVisible();
  await page.getByTestId("step-node-2").click();
  await expect(panel.locator('[data-missing-field="url"]')).toHaveText("URL is required");

  // Going Live is refused naming the step and field, and shows that step.
  await page.getByTestId("step-node-4").click();
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByRole("alert")).toHaveAttribute("title", "step 2 (HTTP Request): URL is required; fill it in, or keep the workflow in Draft");
  await expect(page.getByRole("complementary", { name: /^Step 2:/ })).toBeVisible();
  expect((await stored(page, id)).mode).toBe("draft");

  // Nothing is lost on reload.
  await page.reload();
  await expect(page.getByTestId("step-node-4")).toContainText("Code Execution");
  await expect(page.getByTestId("step-node-3")).toContainText("Parse JSON");
});

test("Testing data keeps what is typed through autosave, and text that does not parse is neither run nor called saved", async ({ page }) => {
  const id = await openNew(page, [{ kind: "webhook", config: { testingData: { a: 1 } } }]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const testing = await selectTestingData(page);
  let saved = putOk(page, id);
  await page.keyboard.insertText('{"zz": 1, "aa": 2}');
  await saved;
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  // The server's copy (keys reordered by jsonb) did not replace the text or move the cursor.
  await expect(testing).toHaveText('{"zz": 1, "aa": 2}');
  await page.keyboard.press("ArrowLeft");
  saved = putOk(page, id);
  await page.keyboard.type(', "bb": 3');
  await saved;
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await expect(testing).toHaveText('{"zz": 1, "aa": 2, "bb": 3}');
  expect((await stored(page, id)).steps[0].config.testingData).toEqual({ zz: 1, aa: 2, bb: 3 });

  // Text that does not parse: Run step is off and says why; the header does not say "saved".
  await page.keyboard.type(', "cc": ');
  const run = panel.getByRole("button", { name: "Run step" });
  await expect(run).toBeDisabled();
  await expect(panel.getByTestId("unparsed-json")).toContainText("Testing data is not valid JSON");
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "unparsed");
  await expect(header.locator("[data-save-state]")).toContainText("Not saved: step 1 (Webhook): Testing data is not valid JSON yet");
  saved = putOk(page, id);
  await page.keyboard.type("4");
  await saved;
  await expect(run).toBeEnabled();
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  await expect(testing).toHaveText('{"zz": 1, "aa": 2, "bb": 3, "cc": 4}');
  // A change from outside the field (undo of the typing) still replaces the text.
  await header.getByRole("button", { name: "Undo (Ctrl+Z)" }).click();
  await expect(testing).toContainText('"a": 1');
  await expect(testing).not.toContainText('"zz"');
});

test("clearing an HTTP step's JSON body saves it as no body", async ({ page }) => {
  const id = await openNew(page, [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://example.test/x", body: { type: "json", json: { a: 1 } } } }]);
  const panel = page.getByTestId("step-panel");
  await page.getByTestId("step-node-2").click();
  const body = panel.getByRole("textbox", { name: "JSON body (optional)" });
  await expect(body).toContainText('"a": 1');
  await body.click();
  await page.keyboard.press("ControlOrMeta+a");
  const saved = putOk(page, id);
  await page.keyboard.press("Delete");
  await saved;
  await expect(page.getByTestId("editor-header").locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
  expect((await stored(page, id)).steps[1].config.body).toEqual({ type: "json" });
});

test("switching an HTTP step's Body type away and back keeps what was typed under each", async ({ page }) => {
  const id = await openNew(page, [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://example.test/x", body: { type: "json", json: { ticket: 42, tags: ["a"] } } } }]);
  const panel = page.getByTestId("step-panel");
  const state = page.getByTestId("editor-header").locator("[data-save-state]");
  await page.getByTestId("step-node-2").click();
  const type = panel.getByRole("combobox", { name: "Body (optional)" });
  await expect(panel.getByRole("textbox", { name: "JSON body (optional)" })).toContainText('"ticket": 42');

  await type.selectOption("raw");
  await panel.getByRole("textbox", { name: "Raw" }).click();
  await page.keyboard.insertText("plain text body");
  await type.selectOption("json");
  await expect(panel.getByRole("textbox", { name: "JSON body (optional)" })).toContainText('"ticket": 42');
  await expect(state).toHaveAttribute("data-save-state", "saved");
  expect((await stored(page, id)).steps[1].config.body).toEqual({ type: "json", json: { ticket: 42, tags: ["a"] } });

  // The raw text typed meanwhile is kept too.
  await type.selectOption("raw");
  await expect(panel.getByRole("textbox", { name: "Raw" })).toContainText("plain text body");
  await expect(state).toHaveAttribute("data-save-state", "saved");
  expect((await stored(page, id)).steps[1].config.body).toMatchObject({ type: "raw", raw: "plain text body" });
});

test("Testing data that does not parse yet survives switching tab and step, and the header keeps saying so", async ({ page }) => {
  await openNew(page, [
    { kind: "webhook", config: { testingData: { a: 1 } } },
    { kind: "transform", name: "Other step", config: { fields: [{ name: "x", expression: "1" }] } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const testing = await selectTestingData(page);
  await page.keyboard.insertText('{"host": "srv-1", "disk": }');
  await expect(panel.getByText(/^Not valid JSON yet/)).toBeVisible();

  // Away to Executions and back: the text is still there, still flagged.
  await panel.getByRole("tab", { name: "Executions" }).click();
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "unparsed");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await expect(testing).toContainText('{"host": "srv-1", "disk": }');
  await expect(panel.getByText(/^Not valid JSON yet/)).toBeVisible();

  // Away to another step and back: the same.
  await page.getByTestId("step-node-2").click();
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "unparsed");
  await page.getByTestId("step-node-1").click();
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  await expect(panel.getByRole("textbox", { name: "Testing data" })).toContainText('{"host": "srv-1", "disk": }');
  // Finished: saved, and the header calms down.
  await panel.getByRole("textbox", { name: "Testing data" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"host": "srv-1", "disk": 5}');
  await expect(header.locator("[data-save-state]")).toHaveAttribute("data-save-state", "saved");
});
