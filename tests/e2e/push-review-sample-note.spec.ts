// The client review page says what the push did with the trigger's testing data — and does not
// claim the provider's sample data "was kept" when the workflow came without any.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("the review of a copy pushed without sample data says the trigger has none, and one with sample data that it was kept", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-note-${tag}@example.test`;
  await createProviderOwner(`Note MSP ${tag}`, email, "push-note-pw-1");
  await signIn(page, email, "push-note-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Fabrikam ${tag}` } });
  const clientId = ((await client.json()) as { id: string }).id;

  const pushed = async (name: string, config: Record<string, unknown>) => {
    const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
      data: { name, steps: [{ kind: "webhook", config }, { kind: "code", config: { code: "return 1" } }] },
    });
    const res = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, {
      data: { targetWorkspaceId: clientId, ...("testingData" in config ? { sampleData: "keep" } : {}) },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { copy: { id: string } }).copy.id;
  };

  const bare = await pushed(`No sample ${tag}`, {});
  await page.goto(`/w/${clientId}/workflows/${bare}/review`);
  await expect(page.getByText("The trigger has no testing data")).toBeVisible();
  await expect(page.getByText("sample data was kept")).toHaveCount(0);

  const sampled = await pushed(`With sample ${tag}`, { testingData: { device: "pc-1" } });
  await page.goto(`/w/${clientId}/workflows/${sampled}/review`);
  await expect(page.getByText("The provider's sample data was kept on the trigger")).toBeVisible();
});
