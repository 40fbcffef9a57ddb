// A workflow in a provider of the spec's own (so what it edits stays out of other specs' view),
// opened in the editor by that provider's owner.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

export type OwnWorkflow = { ws: string; id: string; email: string; password: string };

export async function openOwnWorkflow(page: Page, prefix: string, steps: unknown[]): Promise<OwnWorkflow> {
  const tag = randomBytes(3).toString("hex");
  const email = `${prefix}-${tag}@example.test`;
  const password = `${prefix}-pw-1`;
  await createProviderOwner(`${prefix} MSP ${tag}`, email, password);
  await signIn(page, email, password);
  const ws = await providerWorkspaceId(page);
  const res = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, { data: { name: `${prefix} ${tag}`, steps } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/w/${ws}/workflows/${id}`);
  await expect(page.getByTestId("step-node-1")).toBeVisible();
  return { ws, id, email, password };
}

/** The workflow as stored. */
export const storedWorkflow = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/v1/workflows/${id}`)).json()) as { name: string; mode: string; steps: { kind: string; name: string; config: Record<string, unknown> }[] };

/** Runs the whole workflow from its trigger's testing data and waits until that run has ended,
 *  succeeded or failed; then opens the editor again, which reads it as the latest run from the start. */
export async function testedAndReopened(page: Page, { ws, id }: { ws: string; id: string }): Promise<void> {
  const run = (await (await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } })).json()) as { run: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.run.id}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toMatch(/^(succeeded|failed)$/);
  await page.goto(`/w/${ws}/workflows/${id}`);
}

/** The id of the run a request started (Run step's `{run}` or Run again's run), once it has succeeded. */
export async function runSucceeded(page: Page, started: Promise<{ ok(): boolean; json(): Promise<unknown> }>): Promise<string> {
  const res = await started;
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { run?: { id: string }; id?: string };
  const id = body.run?.id ?? body.id!;
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/runs/${id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("succeeded");
  return id;
}

/** Presses Tab until the focused element matches `selector` (at most `max` times), as a keyboard user would get there. */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} not reached with ${max} presses of Tab`);
}
