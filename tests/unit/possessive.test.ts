// A workspace's name in the possessive: an apostrophe alone after a final s.
import { describe, expect, it } from "vitest";
import { possessive } from "@/lib/possessive";

describe("possessive", () => {
  it("adds 's, or only an apostrophe to a name ending in s", () => {
    expect(possessive("Contoso")).toBe("Contoso's");
    expect(possessive("Northwind Traders")).toBe("Northwind Traders'");
    expect(possessive("ACME SYSTEMS")).toBe("ACME SYSTEMS'");
    expect(possessive("Fabrikam, Inc.")).toBe("Fabrikam, Inc.'s");
  });
});
