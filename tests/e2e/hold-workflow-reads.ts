// Holds the editor's reads (GET) of a workflow, so a test's action lands before the editor's next
// look (as it does for a technician within its 10 s polls); returns the release. A read that
// reaches the handler after release has begun goes straight through (fallback). The route stays
// installed after release, passing everything on: unrouting at once turned request interception
// off while such a read had just been passed on, and Chromium then never sent it — the editor's
// re-read after a refused save hung and its conflict banner never came (push-names-saver, CI).
import type { Page, Route } from "@playwright/test";

export async function holdWorkflowReads(page: Page, id: string): Promise<() => Promise<void>> {
  const url = `**/api/v1/workflows/${id}`;
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => (route.request().method() === "GET" && !released ? void held.push(route) : route.fallback());
  await page.route(url, hold);
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((r) => r.continue()));
  };
}
