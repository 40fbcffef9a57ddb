// The Push page of an MSP with many clients: a technician who changed a workflow finds the clients
// still behind (or not pushed to yet) without reading every row — the states are counted above
// the table, the clients without a copy named, and past 8 copies a filter box narrows the rows by
// client name or state, saying how many match; the client picker groups the clients by the same states.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("Clients with a copy: counts per state, the clients without a copy, a filter by name or state", async ({ page }) => {
  test.setTimeout(120_000);
  const p = await signInToOwnProvider(page, "pushfilter");
  const clients: { id: string; name: string }[] = [];
  for (let i = 1; i <= 12; i++) {
    const name = `Branch ${String(i).padStart(2, "0")} ${p.tag}`;
    const res = await page.request.post(`/api/v1/workspaces/${p.ws}/clients`, { data: { name } });
    expect(res.status()).toBe(201);
    clients.push({ id: ((await res.json()) as { id: string }).id, name });
  }
  const created = await page.request.post(`/api/v1/workspaces/${p.ws}/workflows`, {
    data: { name: `Disk alert ${p.tag}`, steps: [{ id: "hook", kind: "webhook", config: {} }, { id: "call", kind: "http", name: "Clean up", config: { method: "POST", url: "https://rmm.example.com/cleanup" } }] },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as { id: string; name: string; version: number; steps: { id: string; kind: string; name: string; config: Record<string, unknown> }[] };
  const push = async (c: { id: string }) => expect((await page.request.post(`/api/v1/workflows/${wf.id}/push`, { data: { targetWorkspaceId: c.id } })).ok()).toBe(true);
  // Ten clients get version 1; the workflow changes; three of them get version 2; two get nothing.
  for (const c of clients.slice(0, 10)) await push(c);
  const saved = await page.request.put(`/api/v1/workflows/${wf.id}`, {
    data: { name: wf.name, version: wf.version, steps: wf.steps.map((s) => (s.id === "call" ? { ...s, config: { ...s.config, method: "PUT" } } : s)) },
  });
  expect(saved.status()).toBe(200);
  for (const c of clients.slice(0, 3)) await push(c);

  await page.goto(`/w/${p.ws}/workflows/${wf.id}/push`);
  const table = page.getByRole("table", { name: "Pushed copies" });
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await expect(page.getByTestId("pushed-copies-summary")).toHaveText("10 clients have a copy: 3 up to date, 7 behind, 0 edited by the client.");
  await expect(page.getByTestId("pushed-copies-without")).toHaveText(`2 clients have no copy yet: ${clients[10].name}, ${clients[11].name}.`);

  // The client picker groups them the same way, the ones still to push to first.
  const picker = page.getByLabel("Client workspace");
  await expect(picker.locator("optgroup")).toHaveCount(3);
  expect(await picker.locator("optgroup").evaluateAll((groups) => groups.map((g) => `${(g as HTMLOptGroupElement).label}: ${[...g.querySelectorAll("option")].map((o) => o.textContent).join(", ")}`))).toEqual([
    `No copy yet (2): ${clients.slice(10).map((c) => c.name).join(", ")}`,
    `Behind (7): ${clients.slice(3, 10).map((c) => c.name).join(", ")}`,
    `Up to date (3): ${clients.slice(0, 3).map((c) => c.name).join(", ")}`,
  ]);

  const filter = page.getByRole("searchbox", { name: "Filter clients" });
  await filter.fill("behind");
  await expect(table.locator("tbody tr")).toHaveCount(7);
  await expect(page.getByText("7 of 10 clients")).toBeVisible();
  for (const c of clients.slice(3, 10)) await expect(page.getByTestId(`copy-${c.name}`)).toContainText("Behind");

  await filter.fill(`Branch 02 ${p.tag}`);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId(`copy-${clients[1].name}`)).toContainText("Up to date");

  await filter.fill("Nowhere");
  await expect(page.getByText("No clients match “Nowhere”")).toBeVisible();
  await expect(table).toHaveCount(0);
});
