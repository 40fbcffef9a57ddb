// A member's long name without spaces stays in its own column on the Members page: it used to
// run over the role select and the buttons. (A CSS fix: this checks the name is clipped before
// the select.) Its own provider.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test("a member's long name without spaces is cut short before the role and the buttons", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const provider = `Layout MSP ${tag}`;
  await createProviderOwner(provider, `layout-${tag}@example.test`, "layout-pw-1");
  await signIn(page, `layout-${tag}@example.test`, "layout-pw-1");
  const ws = await providerWorkspaceId(page);
  const longName = `Maximilian${"x".repeat(80)}`;
  const email = `long-${tag}@example.test`;
  const added = await page.request.post(`/api/v1/workspaces/${ws}/members`, { data: { email, role: "viewer", name: longName } });
  expect(added.status()).toBe(201);
  await page.goto(`/w/${ws}/members`);
  const row = page.getByTestId("member-row").filter({ hasText: email });
  const name = row.getByText(longName, { exact: true });
  await expect(name).toBeVisible();
  const [nameBox, roleBox] = await Promise.all([name.boundingBox(), row.getByRole("combobox", { name: `Role of ${email}` }).boundingBox()]);
  expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(roleBox!.x);
  // The text is clipped at that box, not painted past it over the select.
  const clipped = await name.evaluate((el) => el.scrollWidth <= el.clientWidth || getComputedStyle(el).overflowX === "hidden");
  expect(clipped).toBe(true);
});
