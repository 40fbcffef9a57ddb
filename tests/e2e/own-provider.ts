// A provider of the test's own, its owner signed in: what a spec creates there no other spec sees,
// and the seeded provider stays as it was. `what` names the provider and its owner's address.
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { createMember, createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

export type OwnProvider = { ws: string; tag: string; name: string };

export async function signInToOwnProvider(page: Page, what: string): Promise<OwnProvider> {
  const tag = randomBytes(3).toString("hex");
  const name = `${what} MSP ${tag}`;
  const email = `${what}-owner-${tag}@example.test`;
  await createProviderOwner(name, email, `${what}-pw-1`);
  await signIn(page, email, `${what}-pw-1`);
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  return { ws: workspaces[0].id, tag, name };
}

/** A new viewer of the provider, signed in in a browser context of their own (made with `options`:
 *  a test's `test.use` does not reach browser.newContext), beside the owner's, and the writes
 *  (API requests other than GET) it sends from then on: a viewer is offered none. The test closes
 *  the context with `viewer.context().close()`. */
export async function signInViewer(browser: Browser, { tag, name }: OwnProvider, options: BrowserContextOptions = {}): Promise<{ viewer: Page; writes: string[] }> {
  const email = `viewer-${tag}@example.test`;
  await createMember(name, email, "viewer-pw-2", "viewer");
  const context = await browser.newContext(options);
  try {
    const viewer = await context.newPage();
    await signIn(viewer, email, "viewer-pw-2");
    const writes: string[] = [];
    viewer.on("request", (r) => {
      if (r.method() !== "GET" && r.url().includes("/api/v1/")) writes.push(`${r.method()} ${r.url()}`);
    });
    return { viewer, writes };
  } catch (e) {
    await context.close();
    throw e;
  }
}
