// Pushing an update in the browser: the preflight shows that the client has its own testing data
// (kept unless "Replace the client's own with it" is chosen), that the client's file differs from
// the provider's (kept), and that a step's account no longer exists; keeping leaves the client's
// testing data as it was.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test("the push preflight of an update says what happens to the client's own testing data and files", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-update-${tag}@example.test`;
  await createProviderOwner(`Update MSP ${tag}`, email, "push-update-pw-1");
  await signIn(page, email, "push-update-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const client = await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Contoso ${tag}` } });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const file = (ws: string, body: string) => page.request.put(`/api/v1/workspaces/${ws}/files/cleanup.ps1`, { headers: { "content-type": "text/plain" }, data: body });
  expect((await file(provider, "# cleanup v2")).status()).toBe(201);
  expect((await file(clientId, "# cleanup v1")).status()).toBe(201);
  const gone = await page.request.post(`/api/v1/workspaces/${provider}/connections`, { data: { app: "rmm", name: "Old RMM", authKind: "bearer", credentials: { token: "t" } } });
  const goneId = ((await gone.json()) as { connection: { id: string } }).connection.id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: {
      name: `Low disk ${tag}`,
      steps: [
        { id: "hook", kind: "webhook", name: "Alert", config: { testingData: { device: "provider-pc" } } },
        { id: "run", kind: "http", name: "Run script", config: { method: "POST", url: "/scripts", body: { type: "raw", raw: "{{ files.cleanup.ps1 }}" }, connectionId: goneId } },
      ],
    },
  });
  const wf = (await created.json()) as { id: string };
  expect((await page.request.delete(`/api/v1/connections/${goneId}?force=true`)).status()).toBe(204);
  const first = await page.request.post(`/api/v1/workflows/${wf.id}/push`, { data: { targetWorkspaceId: clientId, sampleData: "keep" } });
  expect(first.status()).toBe(201);
  const copyId = ((await first.json()) as { copy: { id: string } }).copy.id;

  // The client sets its own testing data on its copy.
  const copy = (await (await page.request.get(`/api/v1/workflows/${copyId}`)).json()) as { name: string; steps: { id: string; kind: string; name: string; config: Record<string, unknown> }[] };
  const steps = copy.steps.map((s) => ({ id: s.id, kind: s.kind, name: s.name, config: s.id === "hook" ? { ...s.config, testingData: { device: "contoso-pc" } } : s.config }));
  expect((await page.request.put(`/api/v1/workflows/${copyId}`, { data: { name: copy.name, steps } })).status()).toBe(200);

  await page.goto(`/w/${provider}/workflows/${wf.id}/push`);
  await page.getByLabel("Client workspace").selectOption({ label: `Contoso ${tag}` });
  const preflight = page.getByTestId("preflight");
  await expect(preflight.getByTestId("preflight-client-sample-hook")).toContainText(`Contoso ${tag} has its own testing data on step 1 (Alert): kept unless you choose to replace it.`);
  await expect(preflight.getByTestId("preflight-file-cleanup.ps1")).toContainText("client's differs · kept");
  await expect(preflight).toContainText("File cleanup.ps1 in Contoso");
  await expect(preflight.getByTestId("preflight-account-run")).toContainText("selects an account that no longer exists · the client chooses any account");
  await expect(page.getByLabel("Replace the client's own with it")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("push-update-preflight.png"), fullPage: true });

  await page.getByLabel("Keep it").check();
  await page.getByRole("button", { name: `Push to Contoso ${tag}` }).click();
  await expect(page.getByRole("status")).toContainText(`Updated the copy in Contoso ${tag}`);
  const after = (await (await page.request.get(`/api/v1/workflows/${copyId}`)).json()) as { steps: { config: { testingData?: unknown } }[] };
  expect(after.steps[0].config.testingData).toEqual({ device: "contoso-pc" });
});
