// The client review page on a phone: each checklist item reads as a sentence (capitalised), with
// room to read it — the action button goes below a label it would squeeze one word a line. The
// push and review pages say when the copy was pushed as the Runs page does ("just now", the
// exact time as the tooltip), not as a raw GMT string.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 390, height: 844 } });

test("review checklist at phone width, and push times as relative times", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const email = `push-phone-${tag}@example.test`;
  await createProviderOwner(`Phone MSP ${tag}`, email, "push-phone-pw-1");
  await signIn(page, email, "push-phone-pw-1");
  const provider = ((await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] }).workspaces[0].id;
  const clientId = ((await (await page.request.post(`/api/v1/workspaces/${provider}/clients`, { data: { name: `Contoso ${tag}` } })).json()) as { id: string }).id;
  const created = await page.request.post(`/api/v1/workspaces/${provider}/workflows`, {
    data: { name: `Phone ${tag}`, steps: [{ kind: "webhook", config: {} }, { kind: "code", config: { code: "return 1" } }] },
  });
  const workflowId = ((await created.json()) as { id: string }).id;
  const pushed = await page.request.post(`/api/v1/workflows/${workflowId}/push`, { data: { targetWorkspaceId: clientId } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const copy = ((await pushed.json()) as { copy: { id: string } }).copy.id;

  await page.goto(`/w/${clientId}/workflows/${copy}/review`);
  const subtitle = page.getByText(/^Pushed by /);
  await expect(subtitle).toContainText(`Pushed by ${email} from version 1 just now`);
  await expect(subtitle).not.toContainText("GMT");
  await expect(subtitle.locator("time")).toHaveAttribute("title", /GMT$/);

  const item = page.getByTestId("review-confirm");
  const label = item.getByText("Confirm that you reviewed the workflow's configuration", { exact: true });
  await expect(label).toBeVisible();
  const button = item.getByRole("button", { name: "I reviewed the configuration" });
  const [l, b] = [(await label.boundingBox())!, (await button.boundingBox())!];
  // One word a line was ~60 px wide and five lines tall; the label now has the row's width.
  expect(l.width).toBeGreaterThan(250);
  expect(l.height).toBeLessThanOrEqual(40);
  expect(b.y).toBeGreaterThanOrEqual(l.y + l.height - 1);
  await page.screenshot({ path: test.info().outputPath("review-phone.png"), fullPage: true });

  await page.goto(`/w/${provider}/workflows/${workflowId}/push`);
  const row = page.getByTestId(`copy-Contoso ${tag}`);
  await expect(row).toContainText(`just now by ${email}`);
  await expect(row).not.toContainText("GMT");
});
