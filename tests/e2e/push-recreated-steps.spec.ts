// What the Push page and the client's review say about steps the provider deleted and added again
// (a new id): one re-created under a new name arrives without the client's account choice, which
// the preflight says per client ("will need its account chosen again") and the review says was
// reset; one re-created under its own name is one step in the list of what changed since the
// preflight shown, which says the client's account choice for it is kept only where the client's
// copy has one (not on a first push); and a step that would send the client's secret to a host a
// run's data makes is said in the preflight with the words the client's review uses.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

type Steps = Record<string, unknown>[];

/** `push: false`: the client gets no copy (the first push is the test's). */
async function setUp(page: Page, what: string, steps: Steps, { push = true } = {}) {
  const tag = randomBytes(3).toString("hex");
  const email = `${what}-${tag}@example.test`;
  await createProviderOwner(`Recreate MSP ${tag}`, email, "recreate-pw-1");
  await signIn(page, email, "recreate-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Contoso ${tag}` } });
  const clientId = ((await client.json()) as { id: string }).id;
  const account = async (ws: string, name: string) => {
    const res = await page.request.post(`/api/v1/workspaces/${ws}/connections`, { data: { app: "psa", name, authKind: "bearer", credentials: { token: "t" }, baseUrl: "https://psa.example.com" } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { connection: { id: string } }).connection.id;
  };
  const psa = await account(provider, "Provider PSA");
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, { data: { name: `Tickets ${tag}`, steps: steps.map((s) => withAccount(s, psa)) } });
  expect(created.status(), await created.text()).toBe(201);
  const source = (await created.json()) as { id: string; name: string; version: number };
  let copy = "";
  if (push) {
    const first = await page.request.post(`/api/v1/workflows/${source.id}/push`, { data: { targetWorkspaceId: clientId } });
    expect(first.status(), await first.text()).toBe(201);
    copy = ((await first.json()) as { copy: { id: string } }).copy.id;
  }
  /** Someone else's save of the source. */
  const save = async (next: Steps) => {
    const cur = (await (await page.request.get(`/api/v1/workflows/${source.id}`)).json()) as { version: number };
    const put = await page.request.put(`/api/v1/workflows/${source.id}`, { data: { name: source.name, version: cur.version, steps: next.map((s) => withAccount(s, psa)) } });
    expect(put.status(), await put.text()).toBe(200);
  };
  return { provider, clientId, clientName: `Contoso ${tag}`, source, copy, account, save };
}

/** A step on a relative URL gets the provider's PSA account (its base URL completes it). */
const withAccount = (s: Record<string, unknown>, psa: string) => (s.kind === "http" && String((s.config as { url: string }).url).startsWith("/") ? { ...s, config: { ...(s.config as object), connectionId: psa } } : s);
const hook = { id: "hook", kind: "webhook", config: {} };
const http = (id: string, name: string, url = "/tickets") => ({ id, kind: "http", name, config: { method: "POST", url } });

test("a step added again under a new name: the preflight says its account must be chosen again, the review that the choice was reset", async ({ page }) => {
  const { provider, clientId, clientName, source, copy, account, save } = await setUp(page, "recreate-renamed", [hook, http("list", "List tickets")]);
  await account(clientId, "PSA read-only");
  const write = await account(clientId, "PSA write");
  expect((await page.request.put(`/api/v1/workflows/${copy}/review/accounts/list`, { data: { connectionId: write } })).status()).toBe(200);
  await save([hook, http("create", "Create ticket")]);

  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  const preflight = page.getByTestId("preflight");
  await expect(preflight).toContainText(
    `Step 2 (Create ticket) will need its account chosen again in ${clientName}: it takes the place of step 2 (List tickets), for which ${clientName} chose "PSA write", which you deleted`,
  );
  await expect(preflight.getByTestId("preflight-account-create")).toContainText("client's choice reset");
  await page.getByRole("button", { name: `Push to ${clientName}` }).click();
  await expect(page.getByRole("status")).toContainText(`Updated the copy in ${clientName}`);

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  await expect(page.getByTestId("review-account-create")).toContainText(
    "Your account choice was reset — your provider deleted step “List tickets” (you had chosen “PSA write”) and added this step in its place under another name: choose which PSA / ticketing account step 2 (Create ticket) uses",
  );
});

test("a step deleted and added again under its own name since the preflight shown is one changed step in what the Push page lists", async ({ page }) => {
  const { provider, clientId, clientName, source, copy, account, save } = await setUp(page, "recreate-same", [hook, http("ticket", "Create ticket")]);
  const psa = await account(clientId, "PSA");
  expect((await page.request.put(`/api/v1/workflows/${copy}/review/accounts/ticket`, { data: { connectionId: psa } })).status()).toBe(200);
  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  await expect(page.getByRole("heading", { name: `Preflight for ${clientName}` })).toBeVisible();

  await save([hook, http("ticket2", "Create ticket", "/tickets/new")]);
  await page.getByRole("button", { name: `Push to ${clientName}` }).click();
  await expect(page.getByTestId("push-changed-steps")).toHaveText(
    'Step 2 (HTTP Request "Create ticket") was deleted and added again and has new settings: it is the same step to the client, whose account choice for it is kept.',
  );
});

test("on a first push, a step deleted and added again since the preflight shown is not said to keep a choice the client never made", async ({ page }) => {
  const { provider, clientId, clientName, source, save } = await setUp(page, "recreate-first", [hook, http("tk1", "Create ticket")], { push: false });
  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  await expect(page.getByRole("heading", { name: `Preflight for ${clientName}` })).toBeVisible();

  await save([hook, http("tk2", "Create ticket", "/tickets/new")]);
  await page.getByRole("button", { name: `Push to ${clientName}` }).click();
  await expect(page.getByTestId("push-changed-steps")).toHaveText('Step 2 (HTTP Request "Create ticket") was deleted and added again and has new settings.');
});

test("the preflight says, with the review's words, why a copy whose secret would go to a host a run's data makes cannot go Live", async ({ page }) => {
  const send = (url: string) => ({ id: "cb", kind: "http", name: "Call back", config: { method: "POST", url, headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } });
  const { provider, clientId, clientName, source, save } = await setUp(page, "recreate-secret-host", [hook, send("https://psa.example.com/done")]);
  await save([hook, send("https://{{ 1.callback_host }}/done")]);
  await page.goto(`/w/${provider}/workflows/${source.id}/push`);
  await page.getByLabel("Client workspace").selectOption(clientId);
  await expect(page.getByTestId("preflight")).toContainText(
    `${clientName}'s copy cannot go Live after this push; its review says: “Step 2 (Call back): This copy cannot go Live until it is changed: the step takes the host of its address from the data each run receives (https://{{ 1.callback_host }}), ` +
      "so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret PSA_KEY goes. " +
      "Ask your provider to write the host in the step's URL, or to take it from a variable you fill in.”",
  );
});
