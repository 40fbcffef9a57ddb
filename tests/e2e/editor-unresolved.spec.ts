// A step whose reference found no data says so in its Executions: the technician sees which
// reference read as empty (why a URL came out as `/tickets/`), named in the run's entry. Its own
// provider.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { providerWorkspaceId, signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("a step's Executions entry names the references that found no data", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Unresolved MSP ${tag}`, `unresolved-${tag}@example.test`, "unresolved-pw-1");
  await signIn(page, `unresolved-${tag}@example.test`, "unresolved-pw-1");
  const ws = await providerWorkspaceId(page);
  const created = await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
    data: {
      name: "Ticket path",
      steps: [
        { kind: "webhook", config: { testingData: { ticket: { id: 7 } } } },
        { kind: "transform", name: "Path", config: { fields: [{ name: "url", expression: '"/tickets/" & {{ 1.nope }} & {{ 1["ticket.id"] }}' }] } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await page.request.post(`/api/v1/workflows/${id}/steps/1/test`, { data: { scope: "workflow" } });
  const { run } = (await started.json()) as { run: { id: string } };
  type View = { status: string; steps: { number: number; unresolved: string[] }[] };
  const view = async () => (await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as View;
  await expect.poll(async () => (await view()).status, { timeout: 30_000 }).toBe("succeeded");
  expect((await view()).steps.find((s) => s.number === 2)?.unresolved).toEqual(["{{ 1.nope }}", '{{ 1["ticket.id"] }}']);

  await page.goto(`/w/${ws}/workflows/${id}`);
  await page.getByTestId("step-node-2").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Executions" }).click();
  const entry = panel.locator(`[data-testid=execution][data-run-id="${run.id}"]`);
  await expect(entry).toContainText("2 unresolved");
  await entry.getByRole("button", { expanded: false }).click();
  const note = entry.getByTestId("unresolved-references");
  await expect(note).toContainText("These 2 references found no data");
  await expect(note.locator("code")).toHaveText(["{{ 1.nope }}", '{{ 1["ticket.id"] }}']);
});
