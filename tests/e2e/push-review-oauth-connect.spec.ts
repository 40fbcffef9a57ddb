// A pushed copy whose step uses the client's OAuth 2.0 sign-in account: a push copies no tokens,
// so the review's account item says the account is not connected in this workspace, with the
// account's Connect; Connect signs in at the provider (a fake one that approves at once) and the
// review then says no more about it.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { fakeOAuthProvider } from "../fakes/oauth-provider";
import { serveOnAllowedHost } from "./allowed-host-server";
import { signInToOwnProvider } from "./own-provider";

const client = { clientId: "e2e-review-client", clientSecret: "e2e-review-secret-4b7" };
const provider = fakeOAuthProvider(client);
const server = serveOnAllowedHost((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => void provider.handle(req, res, Buffer.concat(chunks).toString("utf8")));
});

test("the review says the chosen sign-in account is not connected here, and its Connect connects it", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const { ws } = await signInToOwnProvider(page, "review-oauth");
  const clientWs = ((await (await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: `Fabrikam ${tag}` } })).json()) as { id: string }).id;
  const account = await page.request.post(`/api/v1/workspaces/${clientWs}/connections`, {
    data: {
      app: "http",
      name: "Fabrikam books",
      authKind: "oauth2_authorization_code",
      baseUrl: server.url(),
      config: { authorizationUrl: `${server.url()}/authorize`, tokenUrl: `${server.url()}/token` },
      credentials: client,
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const accountId = ((await account.json()) as { connection: { id: string } }).connection.id;
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: { name: `Books ${tag}`, steps: [{ id: "hook", kind: "webhook", name: "Hook", config: {} }, { id: "call", kind: "http", name: "Who am I", config: { method: "GET", url: "/api/me" } }] },
  });
  const pushed = await page.request.post(`/api/v1/workflows/${((await created.json()) as { id: string }).id}/push`, { data: { targetWorkspaceId: clientWs } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;
  const chosen = await page.request.put(`/api/v1/workflows/${copy}/review/accounts/call`, { data: { connectionId: accountId } });
  expect(chosen.status(), await chosen.text()).toBe(200);

  await page.goto(`/w/${clientWs}/workflows/${copy}/review`);
  const item = page.getByRole("list", { name: "Review checklist" }).getByTestId("review-account-call");
  await expect(item).toContainText("“Fabrikam books” is not connected in this workspace (a push copies no sign-in): open Connections and click Connect on it");
  const signIn = item.getByTestId("account-sign-in-call");
  await expect(signIn).toContainText("Not connected");
  await signIn.getByRole("button", { name: "Connect Fabrikam books" }).click();

  await expect(page).toHaveURL(new RegExp(`/w/${clientWs}/connections\\?connected=${accountId}`));
  await expect(page.getByTestId("account-Fabrikam books")).toContainText("Connected as of");
  await page.goto(`/w/${clientWs}/workflows/${copy}/review`);
  await expect(item.getByLabel("Account for step 2").locator("option:checked")).toHaveText("Fabrikam books");
  await expect(item.getByTestId("account-sign-in-call")).toHaveCount(0);
  await expect(item).not.toContainText("not connected");
});
