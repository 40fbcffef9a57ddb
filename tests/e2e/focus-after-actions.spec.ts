// Focus is not dropped to the page after an action done from the keyboard: Duplicate keeps it on
// the row's actions button, a push moves it to the result, and a removed row (a variable, a
// member) hands it to the same control in the next row, else the previous one, else the page's
// add form. Each test in a provider of its own, so the seeded one is untouched.
import { expect, test } from "@playwright/test";
import { createMember } from "./e2e-database";
import { signInToOwnProvider } from "./own-provider";

test("Duplicate from a row's actions menu leaves focus on that menu's button", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "dupfocus");
  expect((await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Patch report", steps: [{ kind: "webhook", config: {} }] } })).status()).toBe(201);
  await page.goto(`/w/${ws}/workflows`);
  const actions = page.getByRole("button", { name: "Actions for Patch report", exact: true });
  await actions.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Rename" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Duplicate" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Duplicated as");
  await expect(page.getByTestId("workflow-row")).toHaveCount(2);
  await expect(actions).toBeFocused();
});

test("after a push, focus is on the result", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "pushfocus");
  const client = (await (await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: "Contoso" } })).json()) as { id: string };
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Offboarding", steps: [{ kind: "webhook", config: { testingData: { user: "ann" } } }] } })
  ).json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${wf.id}/push`);
  await page.getByLabel("Client workspace").selectOption({ label: "Contoso" });
  await page.getByLabel("Clear it").check();
  const push = page.getByRole("button", { name: "Push to Contoso" });
  await push.focus();
  await page.keyboard.press("Enter");
  const result = page.getByRole("status").filter({ hasText: "Pushed a new copy to Contoso" });
  await expect(result).toBeVisible();
  await expect(result).toBeFocused();
  expect(client.id).toBeTruthy();
});

test("deleting variables from the keyboard moves focus to the next row's Delete, the previous one's, then the add form", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "varfocus");
  for (const key of ["A_ONE", "B_TWO", "C_THREE"]) {
    expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/${key}`, { data: { value: "x" } })).status()).toBe(201);
  }
  await page.goto(`/w/${ws}/variables`);
  const dialog = page.getByRole("alertdialog");
  const remove = async (key: string) => {
    await page.getByRole("button", { name: `Delete ${key}` }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toContainText(`Delete ${key}?`);
    await page.keyboard.press("Tab"); // Cancel has focus first
    await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId(`variable-${key}`)).toHaveCount(0);
  };
  await remove("B_TWO");
  await expect(page.getByRole("button", { name: "Delete C_THREE" })).toBeFocused();
  await remove("C_THREE");
  await expect(page.getByRole("button", { name: "Delete A_ONE" })).toBeFocused();
  await remove("A_ONE");
  await expect(page.getByRole("form", { name: "Add a variable or secret" }).getByLabel("Key")).toBeFocused();
});

test("removing members moves focus to the next row's Remove, the previous one's, then the add form", async ({ page }) => {
  const { name, tag } = await signInToOwnProvider(page, "memfocus");
  // By e-mail: a-, b-, c- and then the owner (memfocus-owner-…), who has Leave, not Remove.
  const emails = ["a", "b", "c"].map((p) => `${p}-${tag}@example.test`);
  for (const e of emails) await createMember(name, e, "memfocus-pw-2", "editor");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  await page.goto(`/w/${workspaces[0].id}/members`);
  const dialog = page.getByRole("alertdialog");
  const remove = async (email: string) => {
    await page.getByRole("button", { name: `Remove ${email}` }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toContainText(`Remove ${email}?`);
    await dialog.getByRole("button", { name: "Remove member" }).press("Enter");
    await expect(page.getByTestId("member-row").filter({ hasText: email })).toHaveCount(0);
  };
  await remove(emails[1]);
  await expect(page.getByRole("button", { name: `Remove ${emails[2]}` })).toBeFocused();
  await remove(emails[2]);
  await expect(page.getByRole("button", { name: `Remove ${emails[0]}` })).toBeFocused();
  await remove(emails[0]);
  await expect(page.getByRole("form", { name: "Add a member" }).getByLabel("E-mail")).toBeFocused();
});

test("deleting a workflow from its actions menu moves focus to the next row's actions button", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "delfocus");
  for (const name of ["Alpha report", "Beta report"]) {
    expect((await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [{ kind: "webhook", config: {} }] } })).status()).toBe(201);
  }
  await page.goto(`/w/${ws}/workflows`);
  await expect(page.getByTestId("workflow-row")).toHaveCount(2);
  const first = page.getByTestId("workflow-row").first();
  const firstName = (await first.getByRole("link").first().innerText()).trim();
  const other = firstName === "Alpha report" ? "Beta report" : "Alpha report";
  await page.getByRole("button", { name: `Actions for ${firstName}`, exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: "Delete workflow" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("workflow-row")).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Actions for ${other}`, exact: true })).toBeFocused();
});

test("a form's button pressed from the keyboard keeps focus through the save, refused or not: Add client", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "addfocus");
  await page.goto(`/w/${ws}/clients`);
  const form = page.getByRole("form", { name: "Add a client" });
  await form.getByLabel("Client name").fill("Tailspin Toys");
  const add = form.getByRole("button", { name: "Add client" });
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("client-row").filter({ hasText: "Tailspin Toys" })).toBeVisible();
  // The button was disabled while saving, which dropped focus to the page: it has it back.
  await expect(add).toBeFocused();
  // Refused (the same name again): the message is shown and focus is still on the button.
  await form.getByLabel("Client name").fill("Tailspin Toys");
  await add.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "already has a client named" })).toBeVisible();
  await expect(add).toBeFocused();
});

// Focus is not dropped to <body> when the control pressed disables itself or leaves, and what the
// action did is said in a polite live region, once.
test("the webhook panel keeps focus through Generate a new URL and Go live, and says what changed", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "hookfocus");
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Hook", steps: [{ kind: "webhook", config: {} }] } });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  // Draft: the panel's own Go live goes, so focus moves to the URL it gave.
  const goLive = panel.getByRole("button", { name: "Go live" });
  await goLive.focus();
  await page.keyboard.press("Enter");
  const url = panel.getByRole("textbox", { name: "Webhook endpoint" });
  await expect(url).toBeFocused();
  await expect(page.locator("[aria-live=polite]").filter({ hasText: "The workflow is Live" })).toHaveCount(1);
  const first = await url.inputValue();

  const rotate = panel.getByRole("button", { name: "Generate a new URL" });
  await rotate.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Generate a new URL?");
  await page.keyboard.press("Tab"); // Cancel has focus first
  await expect(dialog.getByRole("button", { name: "Generate new URL" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(url).not.toHaveValue(first);
  await expect(rotate).toBeFocused();
  await expect(page.locator("[aria-live=polite]").filter({ hasText: `New webhook URL: ${await url.inputValue()}` })).toHaveCount(1);
});

test("Move step up/down keep focus on the panel when the button pressed can go no further, and say the step's new number", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "movefocus");
  const http = (name: string) => ({ kind: "http", name, config: { method: "GET", url: "https://example.com/" } });
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Moves", steps: [{ kind: "webhook", config: {} }, http("A"), http("B"), http("C")] } });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  const up = panel.getByRole("button", { name: "Move step up" });
  const down = panel.getByRole("button", { name: "Move step down" });
  const said = (text: string) => expect(page.locator("[aria-live=polite]").filter({ hasText: text })).toHaveCount(1);
  // A middle move: the button stays as it was, with focus.
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("complementary", { name: "Step 3: A" })).toBeVisible();
  await expect(down).toBeFocused();
  await said("A is now step 3 of 4");
  // Now the last: Move step down can go no further, and focus is on Move step up.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("complementary", { name: "Step 4: A" })).toBeVisible();
  await expect(down).toBeDisabled();
  await expect(up).toBeFocused();
  await said("A is now step 4 of 4");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("complementary", { name: "Step 3: A" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("complementary", { name: "Step 2: A" })).toBeVisible();
  await expect(up).toBeDisabled();
  await expect(down).toBeFocused();
  await said("A is now step 2 of 4");
});

test("confirming the review from the keyboard moves focus to what is still open", async ({ page }) => {
  const { ws, tag } = await signInToOwnProvider(page, "reviewfocus");
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: `Tailspin ${tag}` } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "Hook", steps: [{ kind: "webhook", config: {} }] } });
  const { id } = (await created.json()) as { id: string };
  const pushed = await page.request.post(`/api/v1/workflows/${id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const reviewed = page.getByRole("button", { name: "I reviewed the configuration" });
  await reviewed.focus();
  await page.keyboard.press("Enter");
  await expect(reviewed).toHaveCount(0);
  const summary = page.getByTestId("review-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute("aria-live", "polite");
});

test("a blueprint installed from the keyboard moves focus to the result's heading", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "bpfocus");
  await page.goto(`/w/${ws}/blueprints/new-hire-provisioning`);
  await page.getByRole("button", { name: "Fill in the example (Contoso Dental)" }).click();
  const create = page.getByRole("button", { name: "Create Draft workflow" });
  await create.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: /^Draft workflow “New-hire provisioning” created in/ })).toBeFocused();
});

test("deleting clients from the keyboard moves focus to the next row's Delete, the previous one's, then the add form", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "clientfocus");
  for (const name of ["Alpha", "Beta", "Gamma"]) {
    expect((await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name } })).status()).toBe(201);
  }
  await page.goto(`/w/${ws}/clients`);
  const dialog = page.getByRole("dialog");
  const remove = async (name: string) => {
    await page.getByRole("button", { name: `Delete ${name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toContainText(`Delete ${name}?`);
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("client-row").filter({ hasText: name })).toHaveCount(0);
  };
  const names = (await page.getByTestId("client-row").allInnerTexts()).map((t) => ["Alpha", "Beta", "Gamma"].find((n) => t.includes(n))!);
  await remove(names[1]);
  await expect(page.getByRole("button", { name: `Delete ${names[2]}` })).toBeFocused();
  await remove(names[2]);
  await expect(page.getByRole("button", { name: `Delete ${names[0]}` })).toBeFocused();
  await remove(names[0]);
  await expect(page.getByRole("form", { name: "Add a client" }).getByLabel("Client name")).toBeFocused();
});
