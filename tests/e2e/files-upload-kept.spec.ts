// A refused upload (a file name the API refuses) keeps the chosen file and the typed name to be
// corrected; an upload clears them. Its own provider, so no other spec sees it.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";


test("a refused upload keeps the chosen file and the typed name; an upload clears them", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "file-kept")).ws;
  await page.goto(`/w/${ws}/files`);
  const form = page.getByRole("form", { name: "Upload a file" });
  const file = form.getByLabel("File", { exact: true });
  const name = form.getByLabel(/^Name/);
  const chosen = () => file.evaluate((el) => Array.from((el as HTMLInputElement).files ?? []).map((f) => f.name));

  // The file's own name is not a valid file name, nor is the typed one (too long): refused by the API.
  await file.setInputFiles({ name: "clean up#1.ps1", mimeType: "text/plain", buffer: Buffer.from("Remove-Item C:\\Temp\\*") });
  await name.fill(`${"c".repeat(130)}.ps1`);
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "a file name is letters" })).toBeVisible();
  expect(await chosen()).toEqual(["clean up#1.ps1"]);
  await expect(name).toHaveValue(`${"c".repeat(130)}.ps1`);
  await name.fill("cleanup.ps1");

  // The right file under the typed name: uploaded, and the form starts again empty.
  await file.setInputFiles({ name: "clean up#1.ps1", mimeType: "text/plain", buffer: Buffer.from("Remove-Item C:\\Temp\\*") });
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("file-cleanup.ps1")).toBeVisible();
  await expect(name).toHaveValue("");
  await expect.poll(chosen).toEqual([]);
});

test("a desktop file whose own name breaks the rule is refused naming it, with a name that keeps the rule suggested in Name", async ({ page }) => {
  const ws = (await signInToOwnProvider(page, "file-suggest")).ws;
  await page.goto(`/w/${ws}/files`);
  const form = page.getByRole("form", { name: "Upload a file" });
  const name = form.getByLabel(/^Name/);
  await form.getByLabel("File", { exact: true }).setInputFiles({ name: "My Script (v2) – été.ps1", mimeType: "text/plain", buffer: Buffer.from("Get-Date") });
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot be" })).toContainText("“My Script (v2) – été.ps1” cannot be this file's name");
  await expect(page.getByRole("alert").filter({ hasText: "cannot be" })).toContainText("The Name field now suggests “My_Script_v2_ete.ps1”");
  await expect(name).toHaveValue("My_Script_v2_ete.ps1");
  await expect(name).toBeFocused();
  // Upload again: stored under the suggested name.
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("file-My_Script_v2_ete.ps1")).toBeVisible();
});
