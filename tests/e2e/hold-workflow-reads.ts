// Holds the editor's reads (GET) of a workflow, so a test's action lands before the editor's next
// look (as it does for a technician within its 10 s polls); returns the release. A read that
// reaches the handler after release has begun goes straight through: released before unroute
// takes effect, it would otherwise be held with nobody left to let it go (the editor then waits
// for its next poll, 10 s on).
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
    await page.unroute(url, hold);
  };
}
