// The filters of the long lists (variables, files, accounts, workspaces) and the Variables page order.
import { describe, expect, it } from "vitest";
import { matchesFilter, naturalCompare } from "@/lib/list-filter";

describe("naturalCompare", () => {
  it("puts AUD_2 before AUD_10, as people count", () => {
    const keys = ["AUD_10", "AUD_1", "AUD_2", "AUD_0", "AUD_100", "API_KEY", "aud_3"];
    expect([...keys].sort(naturalCompare)).toEqual(["API_KEY", "AUD_0", "AUD_1", "AUD_2", "aud_3", "AUD_10", "AUD_100"]);
  });
  it("keeps keys that differ only in case apart, in a stable order", () => {
    expect(naturalCompare("Key", "key")).not.toBe(0);
    expect(naturalCompare("Key", "key")).toBe(-naturalCompare("key", "Key"));
  });
});

describe("matchesFilter", () => {
  it("matches any of the texts, ignoring case and the query's outer spaces", () => {
    expect(matchesFilter(" aud_1 ", "AUD_10")).toBe(true);
    expect(matchesFilter("contoso", "TENANT", "Contoso Ltd")).toBe(true);
    expect(matchesFilter("fabrikam", "TENANT", null, undefined)).toBe(false);
  });
  it("lets everything through when the query is empty", () => {
    expect(matchesFilter("  ", "anything")).toBe(true);
  });
});
