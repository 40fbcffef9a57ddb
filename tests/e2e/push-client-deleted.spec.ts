// A client deleted while the Push page is open (offboarded by another owner) is named when the
// technician picks it, or pushes to it after its preflight: "workspace not found" alone left them
// guessing which of dozens of clients it was. Nothing is pushed.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("picking or pushing to a client deleted since the page loaded says which client and that nothing was pushed", async ({ page }) => {
  test.setTimeout(120_000);
  const p = await signInToOwnProvider(page, "pushgone");
  const add = async (name: string) => {
    const res = await page.request.post(`/api/v1/workspaces/${p.ws}/clients`, { data: { name } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const offboarded = { name: `Offboarded ${p.tag}`, id: await add(`Offboarded ${p.tag}`) };
  const leaving = { name: `Leaving ${p.tag}`, id: await add(`Leaving ${p.tag}`) };
  const created = await page.request.post(`/api/v1/workspaces/${p.ws}/workflows`, { data: { name: `Patch report ${p.tag}`, steps: [{ id: "hook", kind: "webhook", config: {} }] } });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string };

  await page.goto(`/w/${p.ws}/workflows/${wf.id}/push`);
  const picker = page.getByLabel("Client workspace");
  // The panel's error (Next's route announcer is an alert too).
  const refusal = page.getByRole("alert").filter({ hasText: /not found|no longer be pushed/ });
  await expect(picker).toBeVisible();
  expect((await page.request.delete(`/api/v1/workspaces/${offboarded.id}`)).status()).toBe(204);
  await picker.selectOption({ label: offboarded.name });
  await expect(refusal).toContainText(`${offboarded.name} can no longer be pushed to: the workspace was deleted, or you no longer have access to it. Nothing was pushed.`);

  await picker.selectOption({ label: leaving.name });
  const push = page.getByRole("button", { name: `Push to ${leaving.name}` });
  await expect(push).toBeEnabled();
  expect((await page.request.delete(`/api/v1/workspaces/${leaving.id}`)).status()).toBe(204);
  await push.click();
  await expect(refusal).toContainText(`${leaving.name} can no longer be pushed to: the workspace was deleted, or you no longer have access to it. Nothing was pushed.`);
  expect(((await (await page.request.get(`/api/v1/workflows/${wf.id}/pushes`)).json()) as { copies: unknown[] }).copies).toEqual([]);
});
