// A page whose add, change and delete controls the reader's role hides says why, under its header,
// instead of leaving them looking for a button that is not there: a viewer on Variables,
// Connections, Files, Members and Clients; an editor on Members and Clients (an owner's pages);
// the owner nowhere.
import { expect, test } from "@playwright/test";
import { createMember } from "./e2e-database";
import { signInToOwnProvider, signInViewer } from "./own-provider";
import { signIn } from "./sign-in";

test("the View only note says the role and who may change things, on the pages that hide the controls", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const p = await signInToOwnProvider(page, "viewonly");
  const note = (pg: typeof page) => pg.getByTestId("view-only-note");
  for (const path of ["variables", "connections", "files", "members", "clients"]) {
    await page.goto(`/w/${p.ws}/${path}`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(note(page)).toHaveCount(0);
  }

  const { viewer } = await signInViewer(browser, p);
  const expected: Record<string, string> = {
    variables: `View only · your role here is viewer: an editor or owner of ${p.name} adds, sets and deletes its variables and secrets.`,
    connections: `View only · your role here is viewer: an editor or owner of ${p.name} adds, changes, connects and deletes its app accounts.`,
    files: `View only · your role here is viewer: an editor or owner of ${p.name} uploads and deletes its files.`,
    members: `View only · your role here is viewer: an owner of ${p.name} adds members, changes their roles and makes invitation links.`,
    clients: `View only · your role here is viewer: an owner of ${p.name} adds and deletes its clients.`,
  };
  for (const [path, text] of Object.entries(expected)) {
    await viewer.goto(`/w/${p.ws}/${path}`);
    await expect(note(viewer)).toHaveText(text);
  }
  await viewer.context().close();

  const email = `editor-${p.tag}@example.test`;
  await createMember(p.name, email, "editor-pw-3", "editor");
  const context = await browser.newContext();
  const editor = await context.newPage();
  await signIn(editor, email, "editor-pw-3");
  await editor.goto(`/w/${p.ws}/variables`);
  await expect(editor.getByRole("heading", { name: "Variables & secrets" })).toBeVisible();
  await expect(note(editor)).toHaveCount(0);
  await editor.goto(`/w/${p.ws}/clients`);
  await expect(note(editor)).toHaveText(`View only · your role here is editor: an owner of ${p.name} adds and deletes its clients.`);
  await editor.goto(`/w/${p.ws}/members`);
  await expect(note(editor)).toHaveText(`View only · your role here is editor: an owner of ${p.name} adds members, changes their roles and makes invitation links.`);
  await context.close();
});
