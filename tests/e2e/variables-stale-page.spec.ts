// A Variables page loaded before a key changed elsewhere (another tab, a colleague, a script):
// its row acts on the key as it is now. Set on a key made secret meanwhile keeps it a secret — the
// value goes in encrypted, never shown, and the page says so — instead of undoing the Make secret
// and showing the value to every viewer; a value typed in a secret's row is stored as a secret even
// if the key was made plain meanwhile. Empty, Make secret and Set on a key deleted meanwhile do
// not bring it back: the page says it no longer exists and drops the row; so does Delete. Make
// variable left empty on a secret set elsewhere since is refused (its value is not destroyed), and
// Set on a secret made plain elsewhere that workflows read as a variable says so in the page's own
// words and lists them with "Make secret anyway". Its own provider.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("Set on a key made secret elsewhere keeps it a secret and says so", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-stale");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/PSA_API_KEY`, { data: { value: "old" } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-PSA_API_KEY");
  await expect(row.getByText("Variable", { exact: true })).toBeVisible();

  // A colleague makes it a secret (the Variables page's Make secret) while this page is open.
  expect((await page.request.put(`${vars}/PSA_API_KEY`, { data: { secret: true, hasValue: true } })).status()).toBe(200);
  await row.getByLabel("New value for PSA_API_KEY").fill("rotated-api-key-123");
  await row.getByRole("button", { name: "Set PSA_API_KEY" }).click();

  await expect(page.getByRole("status").filter({ hasText: "changed elsewhere" })).toHaveText("PSA_API_KEY is now a secret (changed elsewhere); the new value was stored encrypted.");
  await expect(row.getByText("Secret", { exact: true })).toBeVisible();
  await expect(row).toContainText("•••••• (set)");
  await expect(page.getByText("rotated-api-key-123")).toHaveCount(0);
  const listed = (await (await page.request.get(vars)).json()) as { variables: { key: string }[] };
  expect(listed.variables.find((v) => v.key === "PSA_API_KEY")).toEqual({ key: "PSA_API_KEY", secret: true, hasValue: true, updatedAt: expect.any(String) });
});

test("Set on a secret made plain elsewhere stores the typed value as a secret, never as plain text", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-stale-plain");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/PSA_TOKEN`, { data: { value: "old-secret", secret: true } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-PSA_TOKEN");
  await expect(row.getByText("Secret", { exact: true })).toBeVisible();

  // A colleague makes it a plain variable (typing a value) while this page still shows a secret.
  expect((await page.request.put(`${vars}/PSA_TOKEN`, { data: { value: "colleague-plain", secret: false } })).status()).toBe(200);
  await row.getByLabel("New value for PSA_TOKEN").fill("typed-as-a-secret-123");
  await row.getByRole("button", { name: "Set PSA_TOKEN" }).click();

  await expect(row.getByLabel("New value for PSA_TOKEN")).toHaveValue("");
  const listed = (await (await page.request.get(vars)).json()) as { variables: { key: string; secret: boolean; value?: string }[] };
  expect(listed.variables.find((v) => v.key === "PSA_TOKEN")).toEqual({ key: "PSA_TOKEN", secret: true, hasValue: true, updatedAt: expect.any(String) });
  await page.reload();
  await expect(page.getByText("typed-as-a-secret-123")).toHaveCount(0);
});

test("Empty, Make secret and Set on a key deleted elsewhere say so and do not bring it back", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-gone");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  for (const key of ["GONE_A", "GONE_B", "GONE_C"]) expect((await page.request.put(`${vars}/${key}`, { data: { value: `${key}-value` } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  await expect(page.getByTestId("variable-GONE_C")).toBeVisible();
  // Each key deleted (as in another tab) just before its row acts: the page reloads its list after.
  const deleteElsewhere = async (key: string) => expect((await page.request.delete(`${vars}/${key}`)).status()).toBe(204);
  const dialog = page.getByRole("alertdialog");
  // The page's error message (the list filter and Next's route announcer have roles of their own).
  const alert = page.getByRole("alert").filter({ hasText: "no longer exists" });
  const keys = async () => ((await (await page.request.get(vars)).json()) as { variables: { key: string }[] }).variables.map((v) => v.key);

  await deleteElsewhere("GONE_A");
  await page.getByTestId("variable-GONE_A").getByRole("button", { name: "Empty the value of GONE_A" }).click();
  await dialog.getByRole("button", { name: "Empty value" }).click();
  await expect(alert).toHaveText("GONE_A no longer exists (deleted elsewhere).");
  await expect(page.getByTestId("variable-GONE_A")).toHaveCount(0);

  await deleteElsewhere("GONE_B");
  await page.getByTestId("variable-GONE_B").getByRole("button", { name: "Make secret GONE_B" }).click();
  await dialog.getByRole("button", { name: "Make secret", exact: true }).click();
  await expect(alert).toHaveText("GONE_B no longer exists (deleted elsewhere).");
  await expect(page.getByTestId("variable-GONE_B")).toHaveCount(0);

  const c = page.getByTestId("variable-GONE_C");
  await deleteElsewhere("GONE_C");
  await c.getByLabel("New value for GONE_C").fill("typed");
  await c.getByRole("button", { name: "Set GONE_C" }).click();
  await expect(alert).toHaveText("GONE_C no longer exists (deleted elsewhere).");
  await expect(c).toHaveCount(0);

  expect(await keys()).toEqual([]);
  await expect(page.getByText("No variables or secrets yet.")).toBeVisible();
});

test("Make variable left empty on a secret a colleague has set since is refused, not emptied", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-stale-make-plain");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/UI_S`, { data: { value: null, secret: true } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-UI_S");
  await expect(row.getByText("Value missing")).toBeVisible();

  // A colleague sets its value while this page still shows none.
  expect((await page.request.put(`${vars}/UI_S`, { headers: { "if-match": "*" }, data: { value: "colleague-real-secret-123", secret: true } })).status()).toBe(200);
  await row.getByRole("button", { name: "Make variable UI_S" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("(or leave it empty)");
  await dialog.getByRole("button", { name: "Make variable", exact: true }).click();

  await expect(page.getByRole("alert").filter({ hasText: "set elsewhere" })).toHaveText("UI_S has a value now (set elsewhere); nothing was changed. To make it a plain variable, type its value.");
  await expect(row).toContainText("•••••• (set)");
  await expect(row.getByText("Secret", { exact: true })).toBeVisible();
  const listed = (await (await page.request.get(vars)).json()) as { variables: { key: string }[] };
  expect(listed.variables.find((v) => v.key === "UI_S")).toEqual({ key: "UI_S", secret: true, hasValue: true, updatedAt: expect.any(String) });
});

test("Set on a secret made plain elsewhere that workflows read as a variable says so and offers to go ahead", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-stale-in-use");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/PSA_TOKEN`, { data: { value: "plain-old" } })).status()).toBe(201);
  const made = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "Ticket sync", steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://psa.example/hook", body: { type: "raw", raw: "token {{ vars.PSA_TOKEN }}" } } }] },
  });
  expect(made.status()).toBe(201);
  expect((await page.request.post(`/api/v1/workflows/${((await made.json()) as { id: string }).id}/live`)).status()).toBe(200);
  expect((await page.request.put(`${vars}/PSA_TOKEN?force=true`, { data: { secret: true, hasValue: true } })).status()).toBe(200);
  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-PSA_TOKEN");
  await expect(row.getByText("Secret", { exact: true })).toBeVisible();

  // A colleague makes it plain again (the Live workflow reads it so) while this page shows a secret.
  expect((await page.request.put(`${vars}/PSA_TOKEN`, { data: { value: "colleague-plain", secret: false } })).status()).toBe(200);
  await row.getByLabel("New value for PSA_TOKEN").fill("typed-as-a-secret-456");
  await row.getByRole("button", { name: "Set PSA_TOKEN" }).click();

  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("PSA_TOKEN is in use as a variable");
  await expect(dialog).toContainText("PSA_TOKEN is now a plain variable (changed elsewhere), and 1 workflow reads it as {{ vars.PSA_TOKEN }}");
  // The page's own message, behind the dialog (which hides the rest of the page from the accessibility tree).
  await expect(page.locator('[role="alert"]', { hasText: "changed elsewhere" })).toHaveText("PSA_TOKEN is now a plain variable (changed elsewhere); nothing was saved.");
  await expect(page.getByText("?force=true")).toHaveCount(0);
  await expect(dialog.getByRole("list", { name: "Workflows reading this variable" }).getByRole("listitem")).toHaveText([/Ticket sync\s*Live/]);
  await expect(row.getByText("Variable", { exact: true })).toBeVisible();

  await dialog.getByRole("button", { name: "Make secret anyway" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Secret", { exact: true })).toBeVisible();
  const listed = (await (await page.request.get(vars)).json()) as { variables: { key: string }[] };
  expect(listed.variables.find((v) => v.key === "PSA_TOKEN")).toEqual({ key: "PSA_TOKEN", secret: true, hasValue: true, updatedAt: expect.any(String) });
});

test("Delete on a key deleted elsewhere says so and drops the row", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-stale-delete");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/DEL_ME`, { data: { value: "v" } })).status()).toBe(201);
  await page.goto(`/w/${ws}/variables`);
  await expect(page.getByTestId("variable-DEL_ME")).toBeVisible();

  expect((await page.request.delete(`${vars}/DEL_ME`)).status()).toBe(204);
  await page.getByRole("button", { name: "Delete DEL_ME" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "no longer exists" })).toHaveText("DEL_ME no longer exists (deleted elsewhere).");
  await expect(page.getByTestId("variable-DEL_ME")).toHaveCount(0);
  await expect(page.getByText("variable not found")).toHaveCount(0);
});
