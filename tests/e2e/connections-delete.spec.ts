// Deleting an app account on the Connections page: confirmed first; an account that workflows
// use is refused by the API, and the confirmation then lists those workflows (Live and Draft)
// and offers to delete anyway; an unused account goes after one confirmation. Its own provider,
// so no other spec sees these accounts. The pages also ask for no missing icon.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("deleting an account that workflows use lists them and deletes only when told to", async ({ page }) => {
  const notFound: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 404) notFound.push(r.url());
  });
  const tag = randomBytes(3).toString("hex");
  const email = `conn-delete-${tag}@example.test`;
  await createProviderOwner(`Delete MSP ${tag}`, email, "conn-delete-pw-1");
  await signIn(page, email, "conn-delete-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const account = async (name: string) => {
    const r = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name, authKind: "bearer", credentials: { token: "psa-token" } } });
    expect(r.status()).toBe(201);
    return ((await r.json()) as { connection: { id: string } }).connection.id;
  };
  const used = await account("Used PSA");
  await account("Spare PSA");
  const workflow = async (name: string) => {
    const r = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: { name, steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "/tickets", connectionId: used } }] },
    });
    expect(r.status()).toBe(201);
    return ((await r.json()) as { id: string }).id;
  };
  const live = await workflow("Ticket on alert");
  await workflow("Ticket draft");
  expect((await page.request.post(`/api/v1/workflows/${live}/live`)).status()).toBe(200);

  await page.goto(`/w/${ws}/connections`);
  await page.getByRole("button", { name: "Delete Used PSA" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete Used PSA?");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();

  // Refused: the confirmation names the workflows, Live first, each linking to it.
  await expect(dialog).toContainText("Used PSA is in use");
  const list = dialog.getByRole("list", { name: "Workflows using this account" });
  await expect(list.getByRole("listitem")).toHaveText([/Ticket on alert\s*Live/, /Ticket draft\s*Draft/]);
  await expect(list.getByRole("link", { name: "Ticket on alert" })).toHaveAttribute("href", `/w/${ws}/workflows/${live}`);
  await expect(page.getByTestId("account-Used PSA")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("connection-in-use.png") });

  // Cancel keeps it; asking again and choosing "Delete anyway" deletes it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("account-Used PSA")).toBeVisible();
  await page.getByRole("button", { name: "Delete Used PSA" }).click();
  await expect(dialog).toContainText("Delete Used PSA?");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete anyway" }).click();
  await expect(page.getByTestId("account-Used PSA")).toBeHidden();
  expect((await page.request.get(`/api/v1/connections/${used}`)).status()).toBe(404);

  // An unused account: one confirmation.
  await page.getByRole("button", { name: "Delete Spare PSA" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("account-Spare PSA")).toBeHidden();
  await expect(dialog).toBeHidden();

  // /favicon.ico and the linked icon exist: no page asks for a missing one.
  expect((await page.request.get("/favicon.ico")).status()).toBe(200);
  expect(notFound.filter((u) => /favicon|icon/.test(u))).toEqual([]);
});
