// A year of files (~100): a labelled filter box by name that says how many match, or "No files
// match “…”". A provider of its own, so no other spec sees these files.
import { expect, test } from "@playwright/test";
import { signInToOwnProvider } from "./own-provider";

test("files: filtered by name", async ({ page }) => {
  const { ws } = await signInToOwnProvider(page, "file-filter");
  const names = [...Array.from({ length: 9 }, (_, i) => `cleanup-${i}.ps1`), "offboarding-report.csv"];
  for (const name of names) expect((await page.request.put(`/api/v1/workspaces/${ws}/files/${name}`, { data: `contents of ${name}`, headers: { "content-type": "text/plain" } })).status()).toBe(201);

  await page.goto(`/w/${ws}/files`);
  const rows = page.getByRole("list", { name: "Files" }).getByRole("listitem");
  await expect(rows).toHaveCount(10);
  const filter = page.getByRole("searchbox", { name: "Filter files" });
  await filter.fill("REPORT");
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("file-offboarding-report.csv")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /files/ })).toHaveText("1 of 10 files");
  await filter.fill("invoice");
  await expect(page.getByText("No files match “invoice”")).toBeVisible();
  await expect(rows).toHaveCount(0);
});
