import { describe, expect, it } from "vitest";
import { clearedNote, clearedOn } from "@/lib/editor/retention-cleared";

describe("clearedNote", () => {
  it("says what retention cleared and on which (UTC) day, claiming no number of days", () => {
    const run = { outputsClearedAt: "2026-11-24T23:30:00.000Z" };
    expect(clearedOn(run)).toBe("2026-11-24");
    expect(clearedNote(run, "payload")).toBe("The received payload was cleared by retention on 2026-11-24: older finished runs keep only their statuses and errors.");
    expect(clearedNote(run, "output")).toMatch(/^This step's output and logs were cleared by retention on 2026-11-24/);
    expect(clearedNote(run, "run")).toMatch(/^This run's payload and step outputs were cleared by retention on 2026-11-24/);
  });

  it("says nothing of a run that keeps its data", () => {
    expect(clearedNote({ outputsClearedAt: null }, "payload")).toBeNull();
    expect(clearedNote({}, "run")).toBeNull();
  });
});
