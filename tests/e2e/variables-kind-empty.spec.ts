// The Variables page switches a key's kind and empties a value, each confirmed. Make variable asks
// for the secret's value again (it is never shown) and Make secret keeps the plain value, never
// shown again; a switch that workflows reading the key the old way would fail is refused and the
// confirmation lists them — the fix Go live's wrong_kind refusal names, without deleting the key.
// Emptying a value that a Live workflow reads is refused the same way, naming it, until "Empty
// anyway". Its own provider, so no other spec sees these keys.
import { expect, test, type Page } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

const httpStep = (name: string, url: string) => ({ kind: "http", name, config: { method: "GET", url } });

async function workflow(page: Page, ws: string, name: string, url: string, live: boolean): Promise<string> {
  const r = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name, steps: [{ kind: "webhook", config: {} }, httpStep("Call", url)] } });
  expect(r.status(), await r.text()).toBe(201);
  const id = ((await r.json()) as { id: string }).id;
  if (live) expect((await page.request.post(`/api/v1/workflows/${id}/live`)).status()).toBe(200);
  return id;
}

test("a secret read as a variable is made plain from its row, once no workflow reads it as a secret; a variable is made secret keeping its value", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-kind");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/CLIENT_NAME`, { data: { value: "Contoso", secret: true } })).status()).toBe(201);
  expect((await page.request.put(`${vars}/REGION`, { data: { value: "eu-west-7" } })).status()).toBe(201);
  const reader = await workflow(page, ws, "Secret reader", "https://a.test/{{ secrets.CLIENT_NAME }}", true);
  const wrong = await workflow(page, ws, "Greets the client", "https://a.test/{{ vars.CLIENT_NAME }}", false);
  const refused = await page.request.post(`/api/v1/workflows/${wrong}/live`);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain("switch its kind on the Variables page");

  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-CLIENT_NAME");
  const dialog = page.getByRole("alertdialog");
  await row.getByRole("button", { name: "Make variable CLIENT_NAME" }).click();
  await expect(dialog).toContainText("Make CLIENT_NAME a plain variable?");
  await expect(dialog).toContainText("type it again");
  // The value must be typed first: the secret's is never shown.
  await expect(dialog.getByRole("button", { name: "Type its value first" })).toBeDisabled();
  await dialog.getByLabel("Value of CLIENT_NAME as a plain variable").fill("Contoso Dental");
  await dialog.getByRole("button", { name: "Make variable", exact: true }).click();

  // Refused: a Live workflow reads it as a secret. The confirmation names it; nothing changed.
  await expect(dialog).toContainText("CLIENT_NAME is in use as a secret");
  await expect(dialog).toContainText("1 workflow reads it as {{ secrets.CLIENT_NAME }}");
  const list = dialog.getByRole("list", { name: "Workflows reading this secret" });
  await expect(list.getByRole("listitem")).toHaveText([/Secret reader\s*Live/]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Secret");
  await expect(row).toContainText("•••••• (set)");

  // That workflow gone, the switch goes through (Enter in the value box confirms).
  expect((await page.request.post(`/api/v1/workflows/${reader}/draft`)).status()).toBe(200);
  expect((await page.request.delete(`/api/v1/workflows/${reader}`)).status()).toBe(204);
  await row.getByRole("button", { name: "Make variable CLIENT_NAME" }).click();
  const box = dialog.getByLabel("Value of CLIENT_NAME as a plain variable");
  await expect(box).toHaveValue("");
  await box.fill("Contoso Dental");
  await box.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Contoso Dental", { exact: true })).toBeVisible();
  await expect(row.getByText("Variable", { exact: true })).toBeVisible();
  await expect(page.getByText("CLIENT_NAME is now a plain variable.")).toBeAttached();
  expect((await page.request.post(`/api/v1/workflows/${wrong}/live`)).status()).toBe(200);

  // Make secret keeps the value: never shown again, still set.
  const region = page.getByTestId("variable-REGION");
  await region.getByRole("button", { name: "Make secret REGION" }).click();
  await expect(dialog).toContainText("Make REGION a secret?");
  await expect(dialog).toContainText("Its value is kept, encrypted, and never shown again");
  await dialog.getByRole("button", { name: "Make secret", exact: true }).click();
  await expect(region.getByText("Secret", { exact: true })).toBeVisible();
  await expect(region).toContainText("•••••• (set)");
  await expect(page.getByText("eu-west-7")).toHaveCount(0);
  const listed = (await (await page.request.get(vars)).json()) as { variables: { key: string; secret: boolean; hasValue: boolean }[] };
  expect(listed.variables.find((v) => v.key === "REGION")).toMatchObject({ secret: true, hasValue: true });
  expect((await page.request.post(`/api/v1/workflows/${wrong}/draft`)).status()).toBe(200);
});

test("emptying a value that a Live workflow reads is refused and names it, until Empty anyway", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "vars-empty");
  const vars = `/api/v1/workspaces/${ws}/variables`;
  expect((await page.request.put(`${vars}/TICKET_PRIORITY`, { data: { value: "P2" } })).status()).toBe(201);
  expect((await page.request.put(`${vars}/OLD_TOKEN`, { data: { value: "old-token", secret: true } })).status()).toBe(201);
  const live = await workflow(page, ws, "Ticket intake", "https://psa.test/{{ vars.TICKET_PRIORITY }}", true);

  await page.goto(`/w/${ws}/variables`);
  const row = page.getByTestId("variable-TICKET_PRIORITY");
  const dialog = page.getByRole("alertdialog");
  await row.getByRole("button", { name: "Empty the value of TICKET_PRIORITY" }).click();
  await expect(dialog).toContainText("Empty the value of TICKET_PRIORITY?");
  await dialog.getByRole("button", { name: "Empty value" }).click();

  await expect(dialog).toContainText("Live workflows read TICKET_PRIORITY");
  await expect(dialog).toContainText("1 Live workflow reads this variable: its runs would fail on the missing value");
  const list = dialog.getByRole("list", { name: "Live workflows reading this variable" });
  await expect(list.getByRole("listitem")).toHaveText([/Ticket intake\s*Live/]);
  await expect(list.getByRole("link", { name: "Ticket intake" })).toHaveAttribute("href", `/w/${ws}/workflows/${live}`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByText("P2", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Empty the value of TICKET_PRIORITY" }).click();
  await dialog.getByRole("button", { name: "Empty value" }).click();
  await dialog.getByRole("button", { name: "Empty anyway" }).click();
  await expect(row.getByText("Value missing")).toBeVisible();
  await expect(row.getByRole("button", { name: "Empty the value of TICKET_PRIORITY" })).toHaveCount(0);
  // The Empty button went with the value: focus is on the row's value box, to set a new one.
  await expect(row.getByLabel("New value for TICKET_PRIORITY")).toBeFocused();

  // An unused secret: said to be unrecoverable, one confirmation empties it.
  const secret = page.getByTestId("variable-OLD_TOKEN");
  await secret.getByRole("button", { name: "Empty the value of OLD_TOKEN" }).click();
  await expect(dialog).toContainText("cannot be recovered");
  await dialog.getByRole("button", { name: "Empty value" }).click();
  await expect(secret.getByText("Value missing")).toBeVisible();
  await expect(secret.getByText("Secret", { exact: true })).toBeVisible();
  expect((await page.request.post(`/api/v1/workflows/${live}/draft`)).status()).toBe(200);
});
