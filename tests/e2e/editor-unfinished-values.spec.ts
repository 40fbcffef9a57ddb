// Steps a run could not use are held, not saved into a Live workflow and not found out by a failed
// run (found by QA): a Conditions step added to a Live workflow saved its "" equals "" rule at once
// and every delivery then stopped; an expression `1 +`, a `matches` pattern `([a-z` and a Wait
// until `01.12.2026` were "All changes saved" and went Live, and each run failed. Moving or
// deleting a branch's target turned the branch into "Stop the run" without a word.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, storedWorkflow } from "./own-workflow";

test.use({ viewport: { width: 1600, height: 900 } });

/** Replaces the text of a one-line field (CodeMirror or input) as typing would. */
async function retype(page: Page, field: ReturnType<Page["getByRole"]>, text: string) {
  await field.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a Conditions step added to a Live workflow is held until its rule is filled in", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "livecond", [
    { kind: "webhook", config: {} },
    { kind: "code", name: "Report", config: { code: "return { ok: true }" } },
  ]);
  const header = page.getByTestId("editor-header");
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByText("Live", { exact: true })).toBeVisible();

  await page.getByTestId("step-node-1").click();
  await page.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^Conditions/ }).click();
  await expect(page.getByTestId("step-node-2")).toContainText("Conditions");
  const held = header.locator('[data-save-state="invalid"]');
  await expect(held).toContainText("Not saved: step 2 (Conditions): Branch 1 rule 1 value is required (and 1 more)");
  await expect(held).toHaveAttribute("title", /a Live workflow saves finished steps only/);
  const panel = page.getByTestId("step-panel");
  await expect(panel.locator('[data-missing-field="branches.0.rules.0.left"]')).toHaveText("Branch 1 rule 1 value is required");
  await expect(panel.locator('[data-missing-field="branches.0.rules.0.right"]')).toHaveText(
    "Branch 1 rule 1 value to compare with is required (to test for an empty value, use the operator is empty)",
  );
  // Not "(optional)" while it says it is required.
  await expect(panel.getByText("Compare with (optional)")).toHaveCount(0);
  expect((await storedWorkflow(page, id)).steps.map((s) => s.kind)).toEqual(["webhook", "code"]);

  await retype(page, panel.getByRole("textbox", { name: "Value" }), "{{ 1.severity }}");
  await expect(held).toContainText("Not saved: step 2 (Conditions): Branch 1 rule 1 value to compare with is required");
  await retype(page, panel.getByRole("textbox", { name: "Compare with" }), "critical");
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
  await expect
    .poll(async () => (await storedWorkflow(page, id)).steps.map((s) => (s.kind === "conditions" ? (s.config.branches as { rules: unknown[] }[])[0].rules : s.kind)))
    .toEqual(["webhook", [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], "code"]);

  // "Add branch" starts just as unfinished.
  await panel.getByRole("button", { name: "Add branch" }).click();
  await expect(held).toContainText("Not saved: step 2 (Conditions): Branch 2 rule 1 value is required");
});

test("an expression, a matches pattern and a Wait until that no run can use are said under the field as you type, and Go live refuses them", async ({ page }) => {
  await openOwnWorkflow(page, "wrongvals", [
    { kind: "webhook", config: {} },
    { kind: "transform", name: "Figures", config: { fields: [{ name: "total", expression: "{{ 1.count }} * 2" }] } },
    { kind: "conditions", name: "Route", config: { branches: [{ id: "srv", name: "Servers", rules: [{ left: "{{ 1.host }}", op: "matches", right: "^srv-" }], target: "stop" }] } },
    { kind: "wait", name: "Until", config: { mode: "until", at: "2026-12-01T02:00:00Z" } },
  ]);
  const header = page.getByTestId("editor-header");
  const panel = page.getByTestId("step-panel");
  const saved = header.locator('[data-save-state="saved"]');

  await page.getByTestId("step-node-2").click();
  await retype(page, panel.getByRole("textbox", { name: "Expression" }), "1 +");
  const expression = "Field 1 expression is not a valid expression: Unexpected end of expression [S0207] (at character 3)";
  await expect(panel.locator('[data-missing-field="fields.0.expression"]')).toHaveText(expression);
  // A Draft saves it, and names it as what going Live needs.
  await expect(saved).toBeVisible();
  await expect(header.getByTestId("unfinished-steps")).toHaveText(`Before going Live: step 2 (Data Transformation): ${expression}`);

  await page.getByTestId("step-node-3").click();
  await retype(page, panel.getByRole("textbox", { name: "Compare with" }), "([a-z");
  await expect(panel.locator('[data-missing-field="branches.0.rules.0.right"]')).toHaveText(
    'Branch 1 rule 1 value to compare with: invalid regular expression "([a-z": Invalid regular expression: /([a-z/: Unterminated character class',
  );

  await page.getByTestId("step-node-4").click();
  await retype(page, panel.getByRole("textbox", { name: "Until (date and time)" }), "01.12.2026");
  await expect(panel.locator('[data-missing-field="at"]')).toContainText('Until (date and time): "01.12.2026" is not a date and time this step can read without guessing');
  await expect(saved).toBeVisible();
  await expect(header.getByTestId("unfinished-steps")).toContainText("(and 2 more)");

  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByRole("alert")).toHaveAttribute("title", `step 2 (Data Transformation): ${expression}; fill it in, or keep the workflow in Draft`);
  await expect(header.getByText("Draft", { exact: true })).toBeVisible();
});

test("a move that would put a branch's target before its Conditions step is refused with the reason; the branch keeps its step", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "movetarget", [
    { kind: "webhook", config: {} },
    {
      kind: "conditions",
      name: "Severity",
      config: { branches: [{ id: "crit", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "iso" }], otherwise: { target: "tkt" } },
    },
    { id: "iso", kind: "code", name: "Isolate", config: { code: "return 1" } },
    { id: "pg", kind: "code", name: "Page on-call", config: { code: "return 2" } },
    { id: "tkt", kind: "code", name: "Ticket", config: { code: "return 3" } },
  ]);
  const header = page.getByTestId("editor-header");
  await header.getByRole("button", { name: "Go live" }).click();
  await expect(header.getByText("Live", { exact: true })).toBeVisible();
  const panel = page.getByTestId("step-panel");

  await page.getByTestId("step-node-3").click();
  await panel.getByRole("button", { name: "Move step up" }).click();
  await expect(panel.getByTestId("move-refused")).toHaveText(
    "Step 3 cannot move up: branch “Critical” of step 2 leads to step 3, and a branch can only lead to a later step. Point the branch at another step first.",
  );
  await expect(page.getByTestId("step-node-3")).toContainText("Isolate");

  // A move that keeps the target after its Conditions step keeps the branch on it — once asked,
  // as it takes "Page on-call" out of the branch (editor-branch-words.spec.ts).
  await panel.getByRole("button", { name: "Move step down" }).click();
  const ask = page.getByTestId("move-changes-branch");
  await expect(ask).toContainText("Page on-call");
  await ask.getByRole("button", { name: "Move anyway" }).click();
  await expect(page.getByTestId("step-node-4")).toContainText("Isolate");
  await expect(header.locator('[data-save-state="saved"]')).toBeVisible();
  await expect
    .poll(async () => {
      const wf = await storedWorkflow(page, id);
      const branches = wf.steps[1].config.branches as { target: string }[];
      return [wf.steps.map((s) => s.name), branches[0].target === (wf.steps[3] as unknown as { id: string }).id];
    })
    .toEqual([["Webhook", "Severity", "Page on-call", "Isolate", "Ticket"], true]);
});

test("deleting a branch's target says first where each branch that led to it goes", async ({ page }) => {
  const { id } = await openOwnWorkflow(page, "deltarget", [
    { kind: "webhook", config: {} },
    {
      kind: "conditions",
      name: "Severity",
      config: {
        branches: [
          { id: "crit", name: "Critical", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "iso" },
          { id: "high", name: "High", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "high" }], target: "pg" },
        ],
        otherwise: { target: "tkt" },
      },
    },
    { id: "iso", kind: "code", name: "Isolate", config: { code: "return 1" } },
    { id: "note", kind: "code", name: "Note", config: { code: "return 2" } },
    { id: "pg", kind: "code", name: "Page on-call", config: { code: "return 3" } },
    { id: "tkt", kind: "code", name: "Ticket", config: { code: "return 4" } },
  ]);
  const panel = page.getByTestId("step-panel");
  const dialog = page.getByRole("alertdialog");

  // Isolate's branch carries on at Note, the step after it.
  await page.getByTestId("step-node-3").click();
  await panel.getByRole("button", { name: "Delete step" }).click();
  await expect(dialog.getByTestId("delete-step-branches")).toContainText("Branch “Critical” of step 2 will go on at “Note”, the step after this one (now step 4).");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Page on-call's next step starts the Otherwise branch: High must not run the Ticket step.
  await page.getByTestId("step-node-5").click();
  await panel.getByRole("button", { name: "Delete step" }).click();
  await expect(dialog.getByTestId("delete-step-branches")).toContainText("Branch “High” of step 2 will stop the run (status stopped): no step of its branch is left.");
  await dialog.getByRole("button", { name: "Delete step" }).click();
  await expect(page.getByTestId("step-node-6")).toHaveCount(0);
  await expect(page.getByTestId("editor-header").locator('[data-save-state="saved"]')).toBeVisible();
  await expect.poll(async () => ((await storedWorkflow(page, id)).steps[1].config.branches as { target: string }[]).map((b) => b.target)).toEqual(["iso", "stop"]);

  // A step no branch leads to: nothing about branches.
  await page.getByTestId("step-node-4").click();
  await panel.getByRole("button", { name: "Delete step" }).click();
  await expect(dialog.getByRole("heading", { name: "Delete step 4?" })).toBeVisible();
  await expect(dialog.getByTestId("delete-step-branches")).toHaveCount(0);
});
