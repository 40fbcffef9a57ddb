import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIsStale } from "../../scripts/ensure-build";

// `npm start` and the test setup rebuild only when a source is newer than the build; a source
// left off the list serves an old build after it changes.
describe("buildIsStale", () => {
  let root: string;
  const built = new Date("2026-01-01T00:00:00Z");
  const later = new Date("2026-01-02T00:00:00Z");

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "build-stale-"));
    const dist = path.join(root, process.env.NEXT_DIST_DIR || ".next");
    mkdirSync(dist, { recursive: true });
    for (const f of ["proxy.ts", "next.config.ts"]) {
      writeFileSync(path.join(root, f), "// source\n");
      utimesSync(path.join(root, f), built, built);
    }
    mkdirSync(path.join(root, "app"));
    utimesSync(path.join(root, "app"), built, built);
    writeFileSync(path.join(dist, "BUILD_ID"), "id");
    utimesSync(path.join(dist, "BUILD_ID"), later, later);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("is fresh when no source changed after the build", () => {
    expect(buildIsStale(root)).toBe(false);
  });

  it("is stale when proxy.ts (Next's request proxy, part of the build) changed after it", () => {
    const after = new Date("2026-01-03T00:00:00Z");
    utimesSync(path.join(root, "proxy.ts"), after, after);
    expect(buildIsStale(root)).toBe(true);
  });

  it("is stale when there is no build", () => {
    rmSync(path.join(root, process.env.NEXT_DIST_DIR || ".next"), { recursive: true });
    expect(buildIsStale(root)).toBe(true);
  });
});
