// New workflow with a name of only spaces (which passes the browser's `required`): the dialog says
// "Name is required" under the field, instead of the server's raw "name: name is required"; the
// API's own 400 reads well too and keeps its shape.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("a blank name is said under the field, and the workflow is created once named", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Names MSP ${tag}`, `names-${tag}@example.test`, "names-pw-1");
  await signIn(page, `names-${tag}@example.test`, "names-pw-1");
  const ws = await providerWorkspaceId(page);

  const api = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: "   ", steps: [] } });
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ error: "invalid_request", message: "name: give the workflow a name", field: "name" });

  await page.goto(`/w/${ws}/workflows`);
  await page.getByRole("button", { name: "New workflow" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New workflow" });
  const name = dialog.getByLabel("Name");
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/workspaces/${ws}/workflows`)) posted = true;
  });
  await name.fill("   ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Name is required");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name is required");
  expect(posted).toBe(false);

  await name.fill(`Onboarding ${tag}`);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create" }).click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await expect(page.getByRole("textbox", { name: "Workflow name" })).toHaveValue(`Onboarding ${tag}`);
});
