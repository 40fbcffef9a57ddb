// Deleting a variable or secret on the Variables page: every delete is confirmed (a secret's
// value cannot be recovered); a key that workflows read is refused by the API, and the
// confirmation then lists those workflows and offers to delete anyway. Its own provider, so no
// other spec sees these keys.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("deleting a variable that workflows read lists them; a secret asks before it goes", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `vars-delete-${tag}@example.test`;
  await createProviderOwner(`Vars MSP ${tag}`, email, "vars-delete-pw-1");
  await signIn(page, email, "vars-delete-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/CLIENT_NAME`, { data: { value: "Contoso" } })).status()).toBe(201);
  expect((await page.request.put(`/api/v1/workspaces/${ws}/variables/EDR_TOKEN`, { data: { value: "edr-secret", secret: true } })).status()).toBe(201);
  const r = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "EDR alert", steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://chat.example/hook", body: { type: "raw", raw: "Isolated a host of {{ vars.CLIENT_NAME }}" } } }] },
  });
  expect(r.status()).toBe(201);
  const wf = ((await r.json()) as { id: string }).id;
  expect((await page.request.post(`/api/v1/workflows/${wf}/live`)).status()).toBe(200);

  await page.goto(`/w/${ws}/variables`);
  await page.getByRole("button", { name: "Delete CLIENT_NAME" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete CLIENT_NAME?");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();

  // Refused: the confirmation names the Live workflow that reads it.
  await expect(dialog).toContainText("CLIENT_NAME is in use");
  const list = dialog.getByRole("list", { name: "Workflows using this variable" });
  await expect(list.getByRole("listitem")).toHaveText([/EDR alert\s*Live/]);
  await expect(list.getByRole("link", { name: "EDR alert" })).toHaveAttribute("href", `/w/${ws}/workflows/${wf}`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("variable-CLIENT_NAME")).toBeVisible();

  // "Delete anyway" deletes it.
  await page.getByRole("button", { name: "Delete CLIENT_NAME" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete anyway" }).click();
  await expect(page.getByTestId("variable-CLIENT_NAME")).toBeHidden();

  // An unused secret: Cancel keeps it, one confirmation deletes it.
  await page.getByRole("button", { name: "Delete EDR_TOKEN" }).click();
  await expect(dialog).toContainText("cannot be recovered");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("variable-EDR_TOKEN")).toBeVisible();
  await page.getByRole("button", { name: "Delete EDR_TOKEN" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("variable-EDR_TOKEN")).toBeHidden();
  await expect(dialog).toBeHidden();
});
