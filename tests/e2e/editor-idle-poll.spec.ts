// An idle editor looks at its workflow every 10 s (to notice a colleague's save), and that look
// costs no body while nothing changed: the server answers 304 to the ETag the editor sends back.
// A workflow with 1 MB of Testing data on its trigger was downloaded whole each time — 6 MB a
// minute for an open tab nobody touched. A save elsewhere still shows at the next look.
import { randomBytes } from "node:crypto";
import { expect, test, type Response } from "@playwright/test";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

type Wf = { id: string; name: string; version: number; steps: unknown[] };

test("an idle editor's polls download no body (304), and a save elsewhere still shows at the next poll", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const ws = await providerWorkspaceId(page);
  // ~1 MB of Testing data on the trigger (random: it stays big compressed, as real data does).
  const testingData = { rows: Array.from({ length: 750 }, (_, i) => ({ i, text: randomBytes(750).toString("base64") })) };
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: `Idle poll ${Date.now()}`, steps: [{ kind: "webhook", config: { testingData } }, { kind: "transform", name: "A", config: { fields: [{ name: "x", expression: "1" }] } }] },
  });
  expect(created.status()).toBe(201);
  const wf = (await created.json()) as Wf;

  const isRead = (r: Response) => r.request().method() === "GET" && new URL(r.url()).pathname === `/api/v1/workflows/${wf.id}`;
  // Each read of the workflow, by status: a 304 carries no body (the whole workflow stays put).
  const reads: number[] = [];
  page.on("response", (r) => void (isRead(r) && reads.push(r.status())));
  // And the caller's workspaces (the role check, the Push to client link): read by one query.
  const workspaceReads: number[] = [];
  page.on("request", (r) => void (r.method() === "GET" && new URL(r.url()).pathname === "/api/v1/workspaces" && workspaceReads.push(Date.now())));

  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await expect(page.getByTestId("step-node-2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Push to client" })).toBeVisible();
  const opened = Date.now();
  // Two polls (10 s apart) after the first read, left idle.
  await expect.poll(() => reads.length, { timeout: 30_000, intervals: [500] }).toBeGreaterThanOrEqual(3);
  // The editor read the workflow whole once as it opened (not once per part that shows it), and
  // each poll since was a 304 with nothing in it.
  expect(reads).toEqual([200, ...reads.slice(1).map(() => 304)]);
  // Once as the editor opened (the link's and the role's read were two), then one poll each 10 s.
  expect(workspaceReads.filter((t) => t <= opened)).toHaveLength(1);

  // A save made elsewhere (another tab): the next poll brings it whole, and the idle editor (nothing
  // unsaved) shows it. (With something unsaved it is the "saved elsewhere" banner:
  // editor-saved-elsewhere.spec.ts.)
  const now = (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as Wf;
  const saved = await page.request.put(`/api/v1/workflows/${wf.id}`, { data: { name: "Saved elsewhere", version: now.version, steps: now.steps } });
  expect(saved.status()).toBe(200);
  await expect(page.getByLabel("Workflow name")).toHaveValue("Saved elsewhere", { timeout: 15_000 });
  expect(reads.at(-1)).toBe(200);
});
