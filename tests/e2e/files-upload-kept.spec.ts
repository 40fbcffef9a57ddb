// A refused upload (a file name the API refuses, or an empty file) keeps the chosen file and the
// typed name to be corrected; an upload clears them. Its own provider, so no other spec sees it.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

async function ownProvider(page: Page, what: string): Promise<string> {
  const tag = randomBytes(3).toString("hex");
  const email = `${what}-${tag}@example.test`;
  await createProviderOwner(`${what} MSP ${tag}`, email, `${what}-pw-1`);
  await signIn(page, email, `${what}-pw-1`);
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  return workspaces[0].id;
}

test("a refused upload keeps the chosen file and the typed name; an upload clears them", async ({ page }) => {
  const ws = await ownProvider(page, "file-kept");
  await page.goto(`/w/${ws}/files`);
  const form = page.getByRole("form", { name: "Upload a file" });
  const file = form.getByLabel("File", { exact: true });
  const name = form.getByLabel(/^Name/);
  const chosen = () => file.evaluate((el) => Array.from((el as HTMLInputElement).files ?? []).map((f) => f.name));

  // The file's own name is not a valid file name: refused by the API.
  await file.setInputFiles({ name: "clean up#1.ps1", mimeType: "text/plain", buffer: Buffer.from("Remove-Item C:\\Temp\\*") });
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "a file name is letters" })).toBeVisible();
  expect(await chosen()).toEqual(["clean up#1.ps1"]);

  // An empty file with a typed name: refused in the page.
  await file.setInputFiles({ name: "empty.ps1", mimeType: "text/plain", buffer: Buffer.alloc(0) });
  await name.fill("cleanup.ps1");
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "choose a file first" })).toBeVisible();
  await expect(name).toHaveValue("cleanup.ps1");
  expect(await chosen()).toEqual(["empty.ps1"]);

  // The right file under the typed name: uploaded, and the form starts again empty.
  await file.setInputFiles({ name: "clean up#1.ps1", mimeType: "text/plain", buffer: Buffer.from("Remove-Item C:\\Temp\\*") });
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("file-cleanup.ps1")).toBeVisible();
  await expect(name).toHaveValue("");
  await expect.poll(chosen).toEqual([]);
});
