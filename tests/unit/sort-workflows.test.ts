// The Workflows list's Sort select: each order as a technician reads it, and the URL's value.
import { describe, expect, it } from "vitest";
import { parseWorkflowSort, sortWorkflows, type SortableWorkflow } from "@/lib/workflow-list/sort-workflows";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute)).toISOString();
const wf = (id: string, name: string, updated: number, run?: [status: string, minute: number]): SortableWorkflow => ({
  id,
  name,
  updatedAt: at(updated),
  lastRun: run ? { status: run[0], createdAt: at(run[1]) } : null,
});

// As the API lists them: most recently updated first.
const list = [
  wf("w5", "Zeta report", 50, ["succeeded", 59]),
  wf("w4", "Backup check", 40, ["failed", 45]),
  wf("w3", "alert 2", 30),
  wf("w2", "Alert 10", 20, ["failed", 58]),
  wf("w1", "Éclair sync", 10, ["succeeded", 11]),
];
const names = (sort: Parameters<typeof sortWorkflows>[1], from = list) => sortWorkflows(from, sort).map((w) => w.name);

describe("sortWorkflows", () => {
  it("keeps the most recently updated first by default", () => {
    expect(names("updated", [...list].reverse())).toEqual(["Zeta report", "Backup check", "alert 2", "Alert 10", "Éclair sync"]);
  });
  it("orders by name ignoring case and accents, numbers as numbers", () => {
    expect(names("name")).toEqual(["alert 2", "Alert 10", "Backup check", "Éclair sync", "Zeta report"]);
  });
  it("orders by last run, newest first, never-run ones last", () => {
    expect(names("last-run")).toEqual(["Zeta report", "Alert 10", "Backup check", "Éclair sync", "alert 2"]);
  });
  it("puts the workflows whose last run failed first (freshest failure first), then the rest by update", () => {
    expect(names("failed")).toEqual(["Alert 10", "Backup check", "Zeta report", "alert 2", "Éclair sync"]);
  });
  it("breaks ties the same way whatever order the rows come in", () => {
    const twins = [wf("b", "Same", 5), wf("a", "Same", 5), wf("c", "same", 5)];
    for (const sort of ["updated", "name", "last-run", "failed"] as const) {
      expect(sortWorkflows(twins, sort).map((w) => w.id)).toEqual(sortWorkflows([...twins].reverse(), sort).map((w) => w.id));
    }
    expect(sortWorkflows(twins, "updated").map((w) => w.id)).toEqual(["a", "b", "c"]);
  });
  it("leaves the given list as it was", () => {
    const copy = [...list];
    sortWorkflows(list, "name");
    expect(list).toEqual(copy);
  });
});

describe("parseWorkflowSort", () => {
  it("reads the known values and anything else as the default", () => {
    expect(parseWorkflowSort("name")).toBe("name");
    expect(parseWorkflowSort("last-run")).toBe("last-run");
    expect(parseWorkflowSort("failed")).toBe("failed");
    expect(parseWorkflowSort(["failed", "name"])).toBe("failed");
    for (const raw of [undefined, null, "", "NAME", "toString", "bogus"]) expect(parseWorkflowSort(raw)).toBe("updated");
  });
});
