// A viewer opens a workflow: everything is shown (steps, configuration, executions), nothing can
// be changed or run — no Tools dock, no insert buttons, no Go live, a disabled Configure form — and
// no save is ever sent. (The API refuses a viewer's writes anyway; this is about not offering them.)
import { expect, test } from "@playwright/test";
import { signInToOwnProvider, signInViewer } from "./own-provider";

test.use({ viewport: { width: 1600, height: 900 } });

test("a viewer's editor shows the workflow and offers no way to change it", async ({ page, browser }) => {
  const provider = await signInToOwnProvider(page, "viewer");
  const { ws, tag } = provider;
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: { name: "Disk cleanup", steps: [{ kind: "webhook", config: { testingData: { host: "srv-1" } } }, { kind: "http", name: "Run script", config: { url: "https://rmm.example.test/run" } }] },
    })
  ).json()) as { id: string };
  await page.request.post(`/api/v1/workflows/${wf.id}/steps/1/test`);
  // A link naming another workspace of the user leads to the workflow's own (its role counts).
  const client = (await (await page.request.post(`/api/v1/workspaces/${ws}/clients`, { data: { name: `Viewer client ${tag}` } })).json()) as { id: string };
  await page.goto(`/w/${client.id}/workflows/${wf.id}?step=x&run=y`);
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/workflows/${wf.id}\\?step=x&run=y$`));
  await page.goto(`/w/${client.id}/workflows/${wf.id}/push`);
  await expect(page).toHaveURL(new RegExp(`/w/${ws}/workflows/${wf.id}/push$`));
  await expect(page.getByRole("heading", { name: /^Push “/ })).toBeVisible();

  const { viewer, writes } = await signInViewer(browser, provider, { viewport: { width: 1600, height: 900 } });
  try {
    await viewer.goto(`/w/${ws}/workflows/${wf.id}`);
    await expect(viewer.getByText("View only · your role here is viewer")).toBeVisible();
    await expect(viewer.getByRole("complementary", { name: "Tools" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Go live" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /^Insert a step here/ })).toHaveCount(0);
    await expect(viewer.getByRole("textbox", { name: "Workflow name" })).toHaveAttribute("readonly", "");

    await viewer.getByTestId("step-node-2").click();
    const panel = viewer.getByTestId("step-panel");
    await expect(panel).toContainText("you can see everything here, but not change this step");
    await expect(panel.getByRole("button", { name: "Delete step" })).toHaveCount(0);
    await expect(panel.getByText("https://rmm.example.test/run")).toBeVisible();
    // Backspace on the selected node, Ctrl+Z: nothing happens.
    await viewer.getByTestId("step-node-2").click();
    await viewer.keyboard.press("Backspace");
    await expect(viewer.getByTestId("step-node-2")).toBeVisible();
    // What ran is there to read.
    await viewer.getByTestId("step-node-1").click();
    await panel.getByRole("tab", { name: "Executions" }).click();
    await expect(panel.getByTestId("execution")).toHaveCount(1);
    await panel.getByTestId("execution").getByRole("button").first().click();
    await expect(panel.getByLabel("Received payload")).toContainText("srv-1");
    // Ctrl+S is not a way around it.
    await viewer.keyboard.press("ControlOrMeta+s");
    // Checked last, when the header's push/review lookup has long answered.
    await expect(viewer.getByRole("link", { name: "Push to client" })).toHaveCount(0);
    await viewer.screenshot({ path: "docs/screenshots/editor-viewer.png" });
    expect(writes).toEqual([]);
  } finally {
    await viewer.context().close();
  }
});
