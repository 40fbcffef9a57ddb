// The pages' Content-Security-Policy (proxy.ts) in a real browser: markup injected into a page
// (a workflow, client or step name that slipped through) cannot run script, while every main
// page — sign-in, the editor with a step's panel, code field and a run, Runs, push, blueprints,
// connections, the settings pages — works with nothing refused.
import { expect, test, type Page } from "@playwright/test";
import { openOwnWorkflow, testedAndReopened } from "./own-workflow";

/** What the browser refused on this page from now on (its console lines and violation events). */
function collectViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) found.push(`${page.url()}: ${m.text()}`);
  });
  // The event names what was refused even where Chromium's console line is terse.
  void page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused to ${e.effectiveDirective}: ${e.blockedURI} (Content Security Policy)`)),
  );
  return found;
}

test("a script injected into a page's HTML, or an inline handler put in later, does not run; the page's own scripts do", async ({ page }) => {
  const refused = collectViolations(page);
  const { ws } = await openOwnWorkflow(page, "csp", [{ id: "hook", kind: "webhook", config: {} }]);
  // As a stored name would arrive: inside the server's HTML, with the server's own headers.
  await page.route(`**/w/${ws}/workflows`, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace("<body", '<body data-x="1"><script>window.__injected = "ran"</script><b hidden');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto(`/w/${ws}/workflows`);
  // Hydrated (Next's nonced scripts ran): the list's client-side New workflow dialog opens.
  await page.getByRole("button", { name: "New workflow" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  await expect.poll(() => refused.join("\n")).toContain("Refused to script-src-elem: inline");

  refused.length = 0;
  await page.evaluate(() => {
    const div = document.createElement("div");
    div.innerHTML = '<img src="data:," onerror="window.__handler = \'ran\'">';
    document.body.append(div);
  });
  await expect.poll(() => refused.join("\n")).toContain("Refused to script-src-attr: inline");
  expect(await page.evaluate(() => (window as { __handler?: string }).__handler)).toBeUndefined();
});

test("the main pages load and work with nothing refused", async ({ page }) => {
  test.setTimeout(180_000);
  const refused = collectViolations(page);
  const { ws, id } = await openOwnWorkflow(page, "csp-pages", [
    { id: "hook", kind: "webhook", config: {} },
    { id: "calc", kind: "code", name: "Compute", config: { code: "return { n: 1 };" } },
  ]);
  // The editor with a step's panel open (CodeMirror adds its styles at run time) and a run shown.
  await page.getByTestId("step-node-2").click();
  await expect(page.locator(".cm-editor").first()).toBeVisible();
  await testedAndReopened(page, { ws, id });
  await expect(page.getByTestId("step-node-2")).toBeVisible();

  const pages = ["workflows", "runs", `workflows/${id}/push`, "blueprints", "blueprints/edr-alert-triage", "connections", "variables", "files", "clients", "members", "retention", "audit", "account"];
  for (const path of [...pages.map((p) => `/w/${ws}/${p}`), "/workspaces", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    // Hydrated: React has attached to the page (its scripts were allowed to run).
    await expect.poll(() => page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__react"))), { message: path }).toBe(true);
  }
  // Signed out: the sign-in page (its form's post, and the redirect after, were openOwnWorkflow's).
  await page.context().clearCookies();
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  expect(refused).toEqual([]);
});
