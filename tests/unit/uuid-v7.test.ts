import { describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/db/uuid-v7";

describe("uuidv7", () => {
  it("is a version 7, variant 10 UUID carrying its millisecond", () => {
    const t = Date.UTC(2026, 10, 22, 5, 30, 0, 123);
    const id = uuidv7(t);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(t);
  });

  it("sorts by time across milliseconds and never repeats", () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => uuidv7(1_700_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    const firstOfEachMs = ids.filter((_, i) => i % 10 === 0);
    expect([...firstOfEachMs].sort()).toEqual(firstOfEachMs);
  });
});
