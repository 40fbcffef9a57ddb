// A provider of the test's own, its owner signed in: what a spec creates there no other spec sees,
// and the seeded provider stays as it was. `what` names the provider and its owner's address.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
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
