// A pushed copy in the browser (found by QA): its editor says, before anything is changed, that the
// provider's next push replaces changes made there; after a re-push over the client's own step the
// review says which change it replaced; deleting the provider's workflow names in its confirmation
// the client that has a copy, and the client's review and editor then say no update will come.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

type Step = { id: string; kind: string; name: string; config: Record<string, unknown> };

test("a client's edits of a pushed copy: told before, told when a push replaced them, told when the source is deleted", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-edits-${tag}@example.test`;
  await createProviderOwner(`Edits MSP ${tag}`, email, "push-edits-pw-1");
  await signIn(page, email, "push-edits-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = `Northwind ${tag}`;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: client } })).json()) as { id: string }).id;
  const name = `Offboarding ${tag}`;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name, steps: [{ id: "hook", kind: "webhook", name: "HR event", config: {} }, { id: "calc", kind: "code", name: "Close out", config: { code: "return 1" } }] },
  });
  const source = (await created.json()) as { id: string; version: number; steps: Step[] };
  const push = () => page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
  const copyId = ((await (await push()).json()) as { copy: { id: string } }).copy.id;

  // Before changing anything, the client's technician reads that the next push replaces it.
  await page.goto(`/w/${clientId}/workflows/${copyId}`);
  await expect(page.getByTestId("pushed-copy-note")).toContainText("Your provider pushed this workflow: its next push replaces changes you make here");

  // The client adds a step of its own; the provider saves a new version and pushes again.
  const copy = (await (await page.request.get(`/api/v1/workflows/${copyId}`)).json()) as { name: string; steps: Step[] };
  const own = { id: "notify", kind: "code", name: "Notify our chat", config: { code: "return 2" } };
  // …and renames the provider's step, which the provider renames too.
  const ours = copy.steps.map((s) => (s.id === "calc" ? { ...s, name: "Close out (ours)" } : s));
  expect((await page.request.put(`/api/v1/workflows/${copyId}`, { data: { name: copy.name, steps: [...ours, own] } })).status()).toBe(200);
  const renamed = source.steps.map((s) => (s.id === "calc" ? { ...s, name: "Close it out" } : s));
  expect((await page.request.put(`/api/v1/workflows/${source.id}`, { data: { name, steps: renamed } })).status()).toBe(200);

  // The Push page names the client's edits the push replaces, as the client's review will.
  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  await expect(page.getByTestId("preflight")).toContainText(
    `${client} has edited its copy since the last push (version 1); pushing replaces those edits with this version: ` +
      `step “Close it out” (renamed in ${client} to “Close out (ours)”) has your name again; step “Notify our chat” (added in ${client}) is removed.`,
  );
  expect((await push()).status()).toBe(200);

  // The client's review names the step as it finds it now ("Close it out"), not as it was pushed before.
  await page.goto(`/w/${clientId}/workflows/${copyId}/review`);
  await expect(page.getByTestId("review-notice").filter({ hasText: "This push replaced changes" })).toContainText(
    "This push replaced changes made in this workspace since the previous push (version 1): " +
      "step “Close it out” (renamed here to “Close out (ours)”) has your provider's name again; step “Notify our chat” (added here) was removed.",
  );

  // Deleting the provider's workflow names the client that has a copy.
  // Its confirm button waits for the copies to be read: a quick click must not delete unwarned.
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  await page.route(`**/api/v1/workflows/${source.id}/pushes`, async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto(`/w/${provider}/workflows`);
  await page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete workflow?" });
  await expect(confirm.getByRole("button", { name: "Checking clients' copies…" })).toBeDisabled();
  answer();
  await expect(confirm).toContainText(`1 client has a copy (${client}): it stays theirs but gets no further updates from you.`);
  await page.screenshot({ path: test.info().outputPath("push-client-edits-delete.png") });
  await confirm.getByRole("button", { name: "Delete workflow" }).click();
  await expect(page.getByRole("status")).toContainText("Deleted");

  await page.goto(`/w/${clientId}/workflows/${copyId}/review`);
  await expect(page.getByRole("main")).toContainText("your provider has since deleted its workflow, so this copy gets no further updates");
  await expect(page.getByTestId("review-notice").filter({ hasText: "deleted" })).toContainText(`Your provider deleted its workflow “${name}”`);
  await page.goto(`/w/${clientId}/workflows/${copyId}`);
  await expect(page.getByTestId("pushed-copy-note")).toContainText("has since deleted its own");
});
