// Uploading on the Files page under a name that exists asks first, naming the workflows that read
// the file; Cancel keeps the old file, Replace replaces it. An empty file is a file: uploaded.
// Its own provider, so no other spec sees these files.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("replacing a file a Live workflow reads is confirmed; Cancel keeps the old one", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "file-replace");
  const readme = "# Runbook\nRestart the print spooler.\n!!!!";
  expect((await page.request.put(`/api/v1/workspaces/${ws}/files/README.md`, { data: readme, headers: { "content-type": "text/markdown" } })).status()).toBe(201);
  const r = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: "Ticket notes", steps: [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "https://chat.example/hook", body: { type: "raw", raw: "{{ files.README.md }}" } } }] },
  });
  expect(r.status()).toBe(201);
  const wf = ((await r.json()) as { id: string }).id;
  expect((await page.request.post(`/api/v1/workflows/${wf}/live`)).status()).toBe(200);

  await page.goto(`/w/${ws}/files`);
  const form = page.getByRole("form", { name: "Upload a file" });
  const row = page.getByTestId("file-README.md");
  await expect(row).toContainText("41 B");
  await form.getByLabel("File", { exact: true }).setInputFiles({ name: "README.md", mimeType: "", buffer: Buffer.from("hello world") });
  await form.getByRole("button", { name: "Upload" }).click();

  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Replace README.md?");
  await expect(dialog).toContainText("1 workflow uses it");
  await expect(dialog.getByRole("list", { name: "Workflows using README.md" }).getByRole("listitem")).toHaveText([/Ticket notes\s*Live/]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("41 B");
  await expect(row).toContainText("text/markdown");
  expect(await (await page.request.get(`/api/v1/workspaces/${ws}/files/README.md`)).text()).toBe(readme);

  await form.getByRole("button", { name: "Upload" }).click();
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expect(row).toContainText("11 B");
  expect(await (await page.request.get(`/api/v1/workspaces/${ws}/files/README.md`)).text()).toBe("hello world");
});

test("an empty file is a file: uploaded, not refused as none chosen", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "file-empty");
  await page.goto(`/w/${ws}/files`);
  const form = page.getByRole("form", { name: "Upload a file" });
  await form.getByLabel("File", { exact: true }).setInputFiles({ name: "empty.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) });
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("file-empty.txt")).toContainText("0 B");
  await expect(page.getByRole("alert").filter({ hasText: "choose a file first" })).toHaveCount(0);
});
