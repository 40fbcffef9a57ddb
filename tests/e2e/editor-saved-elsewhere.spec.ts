// Two technicians, two browsers, one workflow. What one saves while the other's editor is open is
// never taken in silently: a save, Go live, Unpublish, Generate a new URL and Run step say who
// saved a newer version and when (the banner: "Alex Smith (…) saved a newer version 2 minutes
// ago") instead of overwriting it, or going Live with, unpublishing, or running steps the editor
// never showed; a colleague taking it Live shows at once; and the editor notices the workflow
// deleted, the user removed from the workspace, or made a viewer, and stops offering to edit.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ageLatestSave, createMember, createProviderOwner } from "./e2e-database";
import { holdWorkflowReads } from "./hold-workflow-reads";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

type Team = { ws: string; tech1: Page; tech2: Page; tech2Email: string; close: () => Promise<void> };

/** tech1 (owner) and tech2 (editor, "Alex Smith") of a provider of their own, each in a browser of their own. */
async function team(browser: Browser): Promise<Team> {
  const tag = randomBytes(3).toString("hex");
  const provider = `Two techs ${tag}`;
  await createProviderOwner(provider, `tech1-${tag}@example.test`, "tech1-pw-1");
  await createMember(provider, `tech2-${tag}@example.test`, "tech2-pw-2", "editor", "Alex Smith");
  const [c1, c2] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [tech1, tech2] = await Promise.all([c1.newPage(), c2.newPage()]);
  await signIn(tech1, `tech1-${tag}@example.test`, "tech1-pw-1");
  await signIn(tech2, `tech2-${tag}@example.test`, "tech2-pw-2");
  const { workspaces } = (await (await tech1.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  return { ws: workspaces[0].id, tech1, tech2, tech2Email: `tech2-${tag}@example.test`, close: async () => void (await Promise.all([c1.close(), c2.close()])) };
}

type Wf = { id: string; name: string; version: number; mode: string; steps: { id: string; name: string; kind: string; config: unknown }[] };
const transform = (name: string) => ({ kind: "transform", name, config: { fields: [{ name: "x", expression: "1" }] } });

async function create(page: Page, ws: string, steps: unknown[]): Promise<Wf> {
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `Shared ${Date.now()}`, steps } });
  expect(res.status()).toBe(201);
  return (await res.json()) as Wf;
}
const read = async (page: Page, id: string) => (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as Wf;

async function open(page: Page, ws: string, wf: Wf) {
  const firstRead = page.waitForResponse((r) => r.request().method() === "GET" && r.url().endsWith(`/api/v1/workflows/${wf.id}`));
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await expect(page.getByTestId(`step-node-${wf.steps.length}`)).toBeVisible();
  await firstRead;
}

/** tech2 saves the workflow with `change` applied to its steps (a step added, one deleted). */
async function colleagueSaves(tech2: Page, id: string, change: (steps: Wf["steps"]) => unknown[]) {
  const now = await read(tech2, id);
  const res = await tech2.request.put(`/api/v1/workflows/${id}`, { data: { name: now.name, version: now.version, steps: change(now.steps) } });
  expect(res.status()).toBe(200);
}

/** What the conflict tests share: tech1's editor open on a webhook and step "A" (Live first if
 *  `live`; `opened` is what tech1 does there first), its reads of the workflow held so it cannot
 *  learn of the save below before the action under test, then tech2 saves it with step `added` at
 *  the end (`republished`: unpublishing it before and publishing it again after). Returns the
 *  workflow as created and the release of the held reads. */
async function savedElsewhere(
  { ws, tech1, tech2 }: Pick<Team, "ws" | "tech1" | "tech2">,
  { live = false, added = "B by tech2", republished = false, opened }: { live?: boolean; added?: string; republished?: boolean; opened?: (wf: Wf) => Promise<void> } = {},
): Promise<{ wf: Wf; release: () => Promise<void> }> {
  const wf = await create(tech1, ws, [{ kind: "webhook", config: {} }, transform("A")]);
  if (live) expect((await tech1.request.post(`/api/v1/workflows/${wf.id}/live`)).status()).toBe(200);
  await open(tech1, ws, wf);
  await opened?.(wf);
  const release = await holdWorkflowReads(tech1, wf.id);
  if (republished) expect((await tech2.request.post(`/api/v1/workflows/${wf.id}/draft`)).status()).toBe(200);
  await colleagueSaves(tech2, wf.id, (steps) => [...steps, transform(added)]);
  if (republished) expect((await tech2.request.post(`/api/v1/workflows/${wf.id}/live`)).status()).toBe(200);
  return { wf, release };
}

/** The technician comes back to the tab: the editor looks at the server again at once (as its
 *  10 s poll would), so the test need not wait for the poll. */
const backToTab = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));

const banner = (page: Page) => page.getByRole("alert").filter({ hasText: "while you were editing" });

/** What the banner says of tech2's save, made (as aged by ageLatestSave) `ago`. */
const savedByTech2 = (email: string, ago: string) => `Alex Smith (${email}) saved a newer version ${ago} while you were editing`;

test("Go live after a colleague's save shows the banner naming them and stays Draft; their step is there once loaded", async ({ browser }) => {
  const { ws, tech1, tech2, tech2Email, close } = await team(browser);
  try {
    const { wf, release } = await savedElsewhere({ ws, tech1, tech2 });
    await ageLatestSave(wf.id, 2);
    await tech1.getByTestId("editor-header").getByRole("button", { name: "Go live" }).click();
    await expect(banner(tech1)).toContainText(savedByTech2(tech2Email, "2 minutes ago"));
    await expect(tech1.getByTestId("editor-header").getByRole("alert")).toContainText("Could not go Live: this workflow was saved elsewhere meanwhile");
    expect((await read(tech1, wf.id)).mode).toBe("draft");
    await release();
    await banner(tech1).getByRole("button", { name: "Load that version" }).click();
    await expect(tech1.getByTestId("step-node-3")).toContainText("B by tech2");
    await tech1.getByTestId("editor-header").getByRole("button", { name: "Go live" }).click();
    await expect(tech1.getByTestId("editor-header").getByText("Live", { exact: true })).toBeVisible();
    // tech1's rename keeps tech2's step.
    await tech1.getByLabel("Workflow name").fill("Renamed by tech1");
    await expect.poll(async () => (await read(tech1, wf.id)).name).toBe("Renamed by tech1");
    expect((await read(tech1, wf.id)).steps.map((s) => s.name)).toContain("B by tech2");
  } finally {
    await close();
  }
});

test("a save after a colleague's names them in the banner, and Keep mine saves over their version", async ({ browser }) => {
  const { ws, tech1, tech2, tech2Email, close } = await team(browser);
  try {
    const { wf, release } = await savedElsewhere({ ws, tech1, tech2 });
    await ageLatestSave(wf.id, 2);
    const refused = tech1.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf.id}`));
    await tech1.getByLabel("Workflow name").fill("Renamed by tech1");
    expect((await refused).status()).toBe(409);
    // The editor reads the workflow once (was the refused save its own, landed?): let it.
    await release();
    await expect(banner(tech1)).toContainText(savedByTech2(tech2Email, "2 minutes ago"));
    await expect(banner(tech1)).toContainText("Your latest changes are not saved.");
    expect((await read(tech1, wf.id)).name).toBe(wf.name);
    await banner(tech1).getByRole("button", { name: "Keep mine" }).click();
    await expect.poll(async () => (await read(tech1, wf.id)).name).toBe("Renamed by tech1");
    await expect(banner(tech1)).toHaveCount(0);
  } finally {
    await close();
  }
});

test("Unpublish after a colleague re-published a change is refused with the banner naming them; it stays Live until their version is loaded", async ({ browser }) => {
  const { ws, tech1, tech2, tech2Email, close } = await team(browser);
  try {
    // tech2 unpublishes, fixes a step and publishes again, all while tech1 still shows the old Live version.
    const { wf, release } = await savedElsewhere({ ws, tech1, tech2 }, { live: true, added: "Fix by tech2", republished: true });
    const header = tech1.getByTestId("editor-header");
    const refused = tech1.waitForResponse((r) => r.url().endsWith(`/api/v1/workflows/${wf.id}/draft`));
    await header.getByRole("button", { name: "Unpublish" }).click();
    expect((await refused).status()).toBe(409);
    await expect(banner(tech1)).toContainText(savedByTech2(tech2Email, "just now"));
    await expect(header.getByRole("alert")).toContainText("Could not unpublish: this workflow was saved elsewhere meanwhile");
    expect((await read(tech1, wf.id)).mode).toBe("live");
    await release();
    await banner(tech1).getByRole("button", { name: "Load that version" }).click();
    await expect(tech1.getByTestId("step-node-3")).toContainText("Fix by tech2");
    await header.getByRole("button", { name: "Unpublish" }).click();
    await expect(header.getByRole("button", { name: "Go live" })).toBeVisible();
    expect((await read(tech1, wf.id)).mode).toBe("draft");
  } finally {
    await close();
  }
});

test("Generate a new URL after a colleague's save is refused with the banner naming them, and the URL stays", async ({ browser }) => {
  const { ws, tech1, tech2, tech2Email, close } = await team(browser);
  try {
    const panel = tech1.getByTestId("step-panel");
    let webhookUrl = "";
    const { wf, release } = await savedElsewhere({ ws, tech1, tech2 }, {
      live: true,
      opened: async ({ id }) => {
        ({ webhookUrl } = (await read(tech1, id)) as Wf & { webhookUrl: string });
        await tech1.getByTestId("step-node-1").click();
        await expect(panel.getByTestId("webhook-url")).toHaveValue(webhookUrl);
      },
    });
    const refused = tech1.waitForResponse((r) => r.url().endsWith(`/api/v1/workflows/${wf.id}/webhook-url`));
    await panel.getByRole("button", { name: "Generate a new URL" }).click();
    await tech1.getByRole("alertdialog").getByRole("button", { name: "Generate new URL" }).click();
    expect((await refused).status()).toBe(409);
    await expect(banner(tech1)).toContainText(savedByTech2(tech2Email, "just now"));
    await expect(panel.getByRole("alert")).toContainText("this workflow was saved elsewhere meanwhile");
    expect(((await read(tech1, wf.id)) as Wf & { webhookUrl: string }).webhookUrl).toBe(webhookUrl);
    await release();
    await banner(tech1).getByRole("button", { name: "Load that version" }).click();
    await expect(tech1.getByTestId("step-node-3")).toContainText("B by tech2");
    await tech1.getByTestId("step-node-1").click();
    await panel.getByRole("button", { name: "Generate a new URL" }).click();
    await tech1.getByRole("alertdialog").getByRole("button", { name: "Generate new URL" }).click();
    await expect(panel.getByTestId("webhook-url")).not.toHaveValue(webhookUrl);
  } finally {
    await close();
  }
});

test("Run step of a step whose number a colleague's save gave to another step runs nothing and shows the banner", async ({ browser }) => {
  const { ws, tech1, tech2, close } = await team(browser);
  try {
    const wf = await create(tech1, ws, [{ kind: "webhook", config: { testingData: { q: 1 } } }, transform("Noisy"), transform("Harmless lookup"), transform("Other")]);
    await open(tech1, ws, wf);
    await tech1.getByTestId("step-node-3").click();
    const panel = tech1.getByTestId("step-panel");
    await panel.getByRole("tab", { name: "Test & Debug" }).click();
    const release = await holdWorkflowReads(tech1, wf.id);
    await colleagueSaves(tech2, wf.id, (steps) => steps.filter((s) => s.name !== "Noisy"));
    const refused = tech1.waitForResponse((r) => r.url().endsWith(`/api/v1/workflows/${wf.id}/steps/3/test`));
    await panel.getByRole("button", { name: "Run step" }).click();
    expect((await refused).status()).toBe(409);
    await expect(banner(tech1)).toContainText("What you see here is not that version, so nothing was run or changed");
    await expect(panel.getByRole("alert")).toContainText("this workflow was saved elsewhere meanwhile");
    const { runs } = (await (await tech1.request.get(`/api/v1/workflows/${wf.id}/runs`)).json()) as { runs: unknown[] };
    expect(runs).toHaveLength(0);
    await release();
  } finally {
    await close();
  }
});

test("a colleague taking the workflow Live shows as Live as soon as a save is refused for it", async ({ browser }) => {
  const { ws, tech1, tech2, close } = await team(browser);
  try {
    const wf = await create(tech1, ws, [{ kind: "webhook", config: {} }, transform("A")]);
    await open(tech1, ws, wf);
    expect((await tech2.request.post(`/api/v1/workflows/${wf.id}/live`)).status()).toBe(200);
    await tech1.getByTestId("step-node-2").click();
    const refused = tech1.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith(`/api/v1/workflows/${wf.id}`));
    await tech1.getByRole("complementary", { name: "Tools" }).getByRole("button", { name: /^HTTP Request/ }).click();
    expect((await refused).status()).toBe(409);
    // Not Draft until the next poll: the refusal said it is Live.
    const header = tech1.getByTestId("editor-header");
    await expect(header.getByText("Live", { exact: true })).toBeVisible({ timeout: 3_000 });
    await expect(header.locator("[data-save-state]")).toContainText("a Live workflow saves finished steps only", { timeout: 3_000 });
  } finally {
    await close();
  }
});

test("the editor notices its workflow deleted, its user made a viewer, and removed from the workspace", async ({ browser }) => {
  const { ws, tech1, tech2, close } = await team(browser);
  try {
    // Deleted by tech1 while tech2 has it open.
    const gone = await create(tech1, ws, [{ kind: "webhook", config: {} }, transform("A")]);
    await open(tech2, ws, gone);
    expect((await tech1.request.delete(`/api/v1/workflows/${gone.id}`)).ok()).toBe(true);
    await backToTab(tech2);
    await expect(tech2.getByTestId("access-lost")).toContainText("This workflow was deleted", { timeout: 15_000 });
    await expect(tech2.getByTestId("editor-header").locator("[data-save-state]")).not.toContainText("All changes saved");
    await expect(tech2.getByRole("button", { name: "Go live" })).toHaveCount(0);

    // Made a viewer: no Go live, a read-only name.
    const wf = await create(tech1, ws, [{ kind: "webhook", config: {} }, transform("A")]);
    await open(tech2, ws, wf);
    await expect(tech2.getByTestId("editor-header").getByRole("button", { name: "Go live" })).toBeVisible();
    const { members } = (await (await tech1.request.get(`/api/v1/workspaces/${ws}/members`)).json()) as { members: { userId: string; role: string }[] };
    const tech2Id = members.find((m) => m.role === "editor")!.userId;
    expect((await tech1.request.patch(`/api/v1/workspaces/${ws}/members/${tech2Id}`, { data: { role: "viewer" } })).status()).toBe(200);
    await backToTab(tech2);
    await expect(tech2.getByTestId("access-lost")).toContainText("You can now only view this workflow", { timeout: 15_000 });
    await expect(tech2.getByTestId("editor-header").getByRole("button", { name: "Go live" })).toHaveCount(0);
    await expect(tech2.getByLabel("Workflow name")).toHaveAttribute("readonly", "");

    // Removed from the workspace.
    expect((await tech1.request.delete(`/api/v1/workspaces/${ws}/members/${tech2Id}`)).ok()).toBe(true);
    await backToTab(tech2);
    await expect(tech2.getByTestId("access-lost")).toContainText("You no longer have access to this workspace", { timeout: 15_000 });
  } finally {
    await close();
  }
});
