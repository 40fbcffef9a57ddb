import { describe, expect, it } from "vitest";
import { findMissingFields } from "@/lib/steps/find-missing-fields";

describe("a Wait until more than 366 days away", () => {
  it("is held like any other value no run could use: said under the field, in the header, refused for Live", () => {
    expect(findMissingFields("wait", { mode: "until", at: "2099-01-01" })).toEqual([
      { field: "at", label: "Until (date and time)", message: "Until (date and time): 2099-01-01T00:00:00.000Z is more than 366 days away: a Wait waits at most 366 days" },
    ]);
    expect(findMissingFields("wait", { mode: "until", at: "4102444800" }).map((m) => m.message)).toEqual([
      "Until (date and time): 2100-01-01T00:00:00.000Z is more than 366 days away: a Wait waits at most 366 days",
    ]);
  });

  it("passes an instant within the bound, one already past, and a reference (known only in a run)", () => {
    const soon = new Date(Date.now() + 300 * 86_400_000).toISOString();
    expect(findMissingFields("wait", { mode: "until", at: soon })).toEqual([]);
    expect(findMissingFields("wait", { mode: "until", at: "2001-01-01" })).toEqual([]);
    expect(findMissingFields("wait", { mode: "until", at: "{{ 1.at }}" })).toEqual([]);
  });
});
