// An OAuth 2.0 sign-in account made on the Connections page: the form shows the redirect URI to
// register at the provider, the new row says "Not connected", Connect goes to the provider (a
// fake one that approves at once, and sees the extra sign-in parameters typed on the form), and back
// on the page the row says "Connected as of …". Its Edit form warns that a new scope (client ID,
// authorization or token URL) disconnects it, and saving one leaves it Not connected, with Connect.
// Its own provider, so no other spec sees this account.
import { expect, test } from "@playwright/test";
import { fakeOAuthProvider } from "../fakes/oauth-provider";
import { serveOnAllowedHost } from "./allowed-host-server";
import { signInToOwnProvider } from "./own-provider";

const client = { clientId: "e2e-client", clientSecret: "e2e-client-secret-7c1" };
const provider = fakeOAuthProvider(client);
const server = serveOnAllowedHost((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => void provider.handle(req, res, Buffer.concat(chunks).toString("utf8")));
});

test("Connect signs in at the provider and the account comes back Connected", async ({ page, baseURL }) => {
  const ws = (await signInToOwnProvider(page, "oauth-connect")).ws;
  await page.goto(`/w/${ws}/connections`);
  const form = page.getByRole("form", { name: "Add an account" });
  await form.getByLabel("App").selectOption({ label: "Generic HTTP" });
  await form.getByLabel("Authentication").selectOption({ label: "OAuth 2.0 sign-in (authorization code)" });
  await expect(form.getByTestId("oauth-redirect-uri")).toHaveText(`${baseURL}/api/v1/connections/oauth/callback`);
  await form.getByLabel("Account name").fill("Xero books");
  await form.getByLabel("Base URL").fill(server.url());
  await form.getByLabel("Authorization URL").fill(`${server.url()}/authorize`);
  await form.getByLabel("Token URL").fill(`${server.url()}/token`);
  await form.getByLabel("Extra sign-in parameters").fill("access_type=offline&prompt=consent");
  await form.getByLabel("Client ID").fill(client.clientId);
  await form.getByLabel("Client secret").fill(client.clientSecret);
  await form.getByRole("button", { name: "Add account" }).click();
  const row = page.getByTestId("account-Xero books");
  await expect(row).toContainText("Not connected");
  await expect(row).toContainText("access_type=offline&prompt=consent");

  await row.getByRole("button", { name: "Connect Xero books" }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/connections\\?connected=`));
  await expect(row).toContainText("Connected as of");
  // The extra parameters typed on the form reached the provider's sign-in, beside the service's own.
  expect(provider.state.authorizeQueries.at(-1)).toMatchObject({ access_type: "offline", prompt: "consent", response_type: "code" });
  await expect(row.getByRole("button", { name: "Reconnect Xero books" })).toBeVisible();
  expect(provider.state.latestAccessToken).not.toBe("");
  await expect(page.locator("body")).not.toContainText(provider.state.latestAccessToken);

  // The tokens were issued for the old scope: the form says so before the save, and the save disconnects.
  await row.getByRole("button", { name: "Edit Xero books" }).click();
  await expect(row.getByTestId("oauth-disconnect-warning")).toHaveText("Changing the client ID, authorization URL, token URL or scope disconnects this account: Connect it again after saving.");
  await row.getByLabel("Scope").fill("accounting.write");
  await row.getByRole("button", { name: "Save changes to Xero books" }).click();
  await expect(row).toContainText("Not connected");
  await expect(row.getByRole("button", { name: "Connect Xero books" })).toBeVisible();
});
