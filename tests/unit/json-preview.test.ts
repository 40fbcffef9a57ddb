import { describe, expect, it } from "vitest";
import { previewJson } from "@/lib/json/json-preview";

describe("previewJson", () => {
  it("shows a short text whole", () => {
    const text = JSON.stringify({ a: 1, b: [1, 2] }, null, 2);
    expect(previewJson(text)).toEqual({ head: text, moreLines: 0, bytes: text.length });
  });

  it("cuts a long text at a line end within the cap and counts the lines left out", () => {
    const text = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ id: i })), null, 2);
    const p = previewJson(text, 2000);
    expect(p.head.length).toBeLessThanOrEqual(2000);
    expect(text.startsWith(p.head)).toBe(true);
    expect(text[p.head.length]).toBe("\n");
    expect(p.head.split("\n").length + p.moreLines).toBe(text.split("\n").length);
  });

  it("cuts one long line (a 4 MB string) at the cap", () => {
    const text = JSON.stringify("x".repeat(100_000));
    expect(previewJson(text, 1000)).toMatchObject({ head: text.slice(0, 1000), moreLines: 1, bytes: 100_002 });
  });

  it("gives the size in UTF-8 bytes, as a download of it would be", () => {
    const text = JSON.stringify({ s: "é€😀" });
    expect(previewJson(text).bytes).toBe(Buffer.byteLength(text, "utf8"));
  });
});
