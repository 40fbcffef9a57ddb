// The browser specs' workflow with a big output (editor-big-outputs.spec.ts,
// editor-big-run-data.spec.ts): a webhook trigger with Testing data, then a Transform "Big"
// (id big-step) whose fields each build rows with a long note — one JSONata expression a field,
// which has a second to run — and whatever steps a spec puts after it; its whole-workflow test
// runs; and the watch on the page's longest block. The two specs built each of these alike.
import type { Page } from "@playwright/test";
import { openOwnWorkflow, runSucceeded, type OwnWorkflow } from "../e2e/own-workflow";

/** `fields` fields of `rows` rows, each {id, name, note of `note` characters, four tags}. */
export const bigFields = ({ fields, rows, note }: { fields: number; rows: number; note: number }) =>
  Array.from({ length: fields }, (_, i) => ({
    name: `rows${i + 1}`,
    expression: `[1..${rows}].{"id": $, "name": "device-" & $string($), "note": $pad("note", ${note}, "-"), "tags": ["alpha", "beta", "gamma", "delta"]}`,
  }));

/** The trigger (id `hook`) with `testingData`, step 2 "Big" (id big-step) of `big`, then `after`. */
export function openBigOutputWorkflow(page: Page, prefix: string, { big, testingData = { n: 1 }, after = [] }: { big: unknown[]; testingData?: unknown; after?: unknown[] }): Promise<OwnWorkflow> {
  return openOwnWorkflow(page, prefix, [{ id: "hook", kind: "webhook", config: { testingData } }, { id: "big-step", kind: "transform", name: "Big", config: { fields: big } }, ...after]);
}

/** A whole-workflow test run (the trigger's Run whole workflow), once it has succeeded. */
export const runWholeWorkflow = (page: Page, workflowId: string) => runSucceeded(page, page.request.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { data: { scope: "workflow" } }));

/** The longest stretch the page's main thread was busy (long tasks) since `mark()`. */
export async function watchLongTasks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  return {
    mark: () => page.evaluate(() => void ((window as unknown as { __longest: number }).__longest = 0)),
    longest: () => page.evaluate(() => Math.round((window as unknown as { __longest: number }).__longest)),
  };
}
