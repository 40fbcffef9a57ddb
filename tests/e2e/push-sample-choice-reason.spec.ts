// "Push to <client>" stays disabled until the sample data choice is made: beside it, and as its
// accessible description, the page says why (found by QA: the button gave no reason). Its own provider.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("the disabled Push button says it waits for the sample data choice", async ({ page }) => {
  const provider = (await signInToOwnProvider(page, "push-reason")).ws;
  const clientName = "Reason Client";
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: clientName } })).json()) as { id: string }).id;
  expect(clientId).toBeTruthy();
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: "With sample data", steps: [{ kind: "webhook", config: { testingData: { firstName: "Alice" } } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/w/${provider}/workflows/${((await created.json()) as { id: string }).id}/push`);
  await page.getByLabel("Client workspace").selectOption({ label: clientName });
  const push = page.getByRole("button", { name: `Push to ${clientName}` });
  await expect(push).toBeDisabled();
  const why = "Choose what happens to the sample data first: “Keep it” or “Clear it”.";
  await expect(page.getByTestId("push-needs-choice")).toHaveText(why);
  await expect(push).toHaveAccessibleDescription(why);

  await page.getByLabel("Keep it").check();
  await expect(push).toBeEnabled();
  await expect(page.getByTestId("push-needs-choice")).toHaveCount(0);
  await expect(push).toHaveAccessibleDescription("");
});
