// Each blueprint's version is its last change note's, and every version from 1 has a note: the
// notice beside an older install lists the notes after it, so a missing one would go unsaid.
import { describe, expect, it } from "vitest";
import { BLUEPRINTS } from "@/lib/blueprints";
import { describeBlueprintOrigin } from "@/lib/blueprints/describe-blueprint-origin";

describe("blueprint versions", () => {
  it.each(BLUEPRINTS.map((b) => [b.slug, b] as const))("%s has one change note per version, the last its version", (_slug, b) => {
    expect(b.changes.map((c) => c.version)).toEqual(Array.from({ length: b.version }, (_, i) => i + 1));
    for (const c of b.changes) expect(c.note.length).toBeGreaterThan(20);
  });

  it("an older install is given the notes after its version; no origin or an unknown blueprint gives nothing", () => {
    const o = describeBlueprintOrigin("new-hire-provisioning", 1);
    expect(o).toMatchObject({ title: "New-hire provisioning", version: 1, latestVersion: 3 });
    expect(o?.changes.map((c) => c.version)).toEqual([2, 3]);
    expect(describeBlueprintOrigin("new-hire-provisioning", 3)?.changes).toEqual([]);
    expect(describeBlueprintOrigin(null, null)).toBeUndefined();
    expect(describeBlueprintOrigin("retired-blueprint", 1)).toBeUndefined();
  });
});
