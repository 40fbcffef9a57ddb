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
