// A client's copy changed by its provider's push while the client has it open: the client is told
// who pushed it, not that "someone" saved it. In the editor, the conflict banner names the
// provider's technician and workspace ("Provider Owner (…) of Stale MSP … pushed a newer version");
// on the review page, Go live sends the version the page shows, so it is refused (409
// workflow_changed) and the page says who pushed, loads the new push and leaves the copy in Draft.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createClientAdmin, createProviderOwner } from "./e2e-database";
import { holdWorkflowReads } from "./hold-workflow-reads";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

const harmless = [
  { id: "hook", kind: "webhook", config: {} },
  { id: "calc", kind: "code", name: "Harmless", config: { code: "return 1" } },
];

type Setup = { tech: Page; client: Page; clientId: string; provider: string; techEmail: string; source: { id: string; name: string; version: number }; copy: string; close: () => Promise<void> };

/** The provider's owner ("Provider Owner", as e2e-database names them) pushes a workflow to
 *  Northwind, whose admin has a browser of their own. */
async function setUp(browser: Browser): Promise<Setup> {
  const tag = randomBytes(3).toString("hex");
  const provider = `Stale MSP ${tag}`;
  const techEmail = `tech-${tag}@example.test`;
  await createProviderOwner(provider, techEmail, "tech-pw-1");
  const [c1, c2] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [tech, client] = await Promise.all([c1.newPage(), c2.newPage()]);
  await signIn(tech, techEmail, "tech-pw-1");
  const ws = ((await (await tech.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const added = await tech.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: `Northwind ${tag}` } });
  expect(added.status(), await added.text()).toBe(201);
  const clientId = ((await added.json()) as { id: string }).id;
  await createClientAdmin(`Northwind ${tag}`, `admin-${tag}@example.test`, "admin-pw-1");
  await signIn(client, `admin-${tag}@example.test`, "admin-pw-1");
  const created = await tech.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Onboarding ${tag}`, steps: harmless } });
  const source = (await created.json()) as { id: string; name: string; version: number };
  const first = await tech.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(first.status(), await first.text()).toBe(201);
  const copy = ((await first.json()) as { copy: { id: string } }).copy.id;
  return { tech, client, clientId, provider, techEmail, source, copy, close: async () => void (await Promise.all([c1.close(), c2.close()])) };
}

/** The technician adds a step to the source and pushes it again. */
async function pushAgain({ tech, source, clientId }: Setup) {
  const put = await tech.request.put(`/api/v1/workflows/${source.id}`, {
    data: { name: source.name, version: source.version, steps: [...harmless, { id: "more", kind: "code", name: "Added by the provider", config: { code: "return 2" } }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  const again = await tech.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  expect(again.status(), await again.text()).toBe(200);
}

test("the client's editor, saving over a version the provider pushed meanwhile, names the technician who pushed it", async ({ browser }) => {
  const s = await setUp(browser);
  try {
    const { client, clientId, copy } = s;
    const firstRead = client.waitForResponse((r) => r.request().method() === "GET" && r.url().endsWith(`/api/v1/workflows/${copy}`));
    await client.goto(`/w/${clientId}/workflows/${copy}`);
    await expect(client.getByTestId("step-node-2")).toBeVisible();
    await firstRead;
    // The editor's polls are held so the client's save lands before its next look, as within its 10 s.
    const release = await holdWorkflowReads(client, copy);
    await pushAgain(s);
    const refused = client.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${copy}`));
    await client.getByLabel("Workflow name").fill("Renamed by the client");
    expect((await refused).status()).toBe(409);
    await release();
    const banner = client.getByRole("alert").filter({ hasText: "while you were editing" });
    await expect(banner).toContainText(`Provider Owner (${s.techEmail}) of ${s.provider} pushed a newer version`);
    await expect(banner).not.toContainText("saved a newer version");
    await banner.getByRole("button", { name: "Load that version" }).click();
    await expect(client.getByTestId("step-node-3")).toContainText("Added by the provider");
  } finally {
    await s.close();
  }
});

test("Go live on a review the provider pushed again since is refused, says who pushed, and shows the new push; the copy stays Draft", async ({ browser }) => {
  const s = await setUp(browser);
  try {
    const { client, clientId, copy } = s;
    // The first push's review is complete: only its confirmation was asked.
    expect((await client.request.post(`/api/v1/workflows/${copy}/review/confirm`)).status()).toBe(200);
    await client.goto(`/w/${clientId}/workflows/${copy}/review`);
    await expect(client.getByText(/from version 1/)).toBeVisible();
    await expect(client.getByTestId("review-summary")).toHaveText("Every item is complete.");

    await pushAgain(s);
    await client.getByRole("button", { name: "Go live" }).click();
    await expect(client.getByTestId("review-changed")).toHaveText(
      `Not taken Live: Provider Owner (${s.techEmail}) of ${s.provider} pushed a newer version since you opened this page. ` +
        "The checklist below now shows this workflow as it is — check the configuration in the editor again, then go live.",
    );
    await expect(client.getByText(/from version 2/)).toBeVisible();
    await expect(client.getByTestId("review-confirm")).toHaveAttribute("data-done", "false");
    const now = (await (await client.request.get(`/api/v1/workflows/${copy}`)).json()) as { mode: string };
    expect(now.mode).toBe("draft");
  } finally {
    await s.close();
  }
});

test("a push refused because the workflow was saved since its preflight says who saved the newer version", async ({ browser }) => {
  const s = await setUp(browser);
  try {
    const { tech, clientId, source } = s;
    const ws = ((await (await tech.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
    await tech.goto(`/w/${ws}/workflows/${source.id}/push`);
    await tech.getByLabel("Client workspace").selectOption(clientId);
    const clientName = await tech.getByLabel("Client workspace").locator("option:checked").textContent();
    await expect(tech.getByRole("heading", { name: `Preflight for ${clientName}` })).toBeVisible();
    // Saved in another tab (the API, as the same technician): the preflight shown is now stale.
    const put = await tech.request.put(`/api/v1/workflows/${source.id}`, { data: { name: source.name, version: source.version, steps: harmless } });
    expect(put.status(), await put.text()).toBe(200);
    await tech.getByRole("button", { name: `Push to ${clientName}` }).click();
    const changed = tech.getByTestId("push-workflow-changed");
    await expect(changed).toContainText("Not pushed: the workflow was saved since this preflight (version 1 → version 2).");
    await expect(changed.getByTestId("push-changed-by")).toHaveText(/^The newer version was saved by Provider Owner \(tech-[0-9a-f]+@example\.test\) .+\.$/);
  } finally {
    await s.close();
  }
});
