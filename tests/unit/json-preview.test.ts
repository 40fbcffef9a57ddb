import { describe, expect, it } from "vitest";
import { previewJson, textPieces } from "@/lib/json/json-preview";

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

describe("textPieces (Show all of a big text)", () => {
  it("cuts at line ends into pieces that read back as the text, each line counted", () => {
    const text = Array.from({ length: 5_000 }, (_, i) => `  "line ${i}": ${"x".repeat(i % 90)},`).join("\n");
    const pieces = textPieces(text, 20_000);
    expect(pieces.map((p) => p.text).join("")).toBe(text);
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of pieces.slice(0, -1)) {
      expect(p.text.length).toBeLessThanOrEqual(20_000);
      expect(p.text.endsWith("\n")).toBe(true);
    }
    expect(pieces.reduce((n, p) => n + p.lines, 0)).toBe(5_000);
  });

  it("cuts one very long line where the cap is, and leaves a short text whole", () => {
    const line = "y".repeat(50_001);
    expect(textPieces(line, 20_000).map((p) => p.text.length)).toEqual([20_000, 20_000, 10_001]);
    expect(textPieces("a\nb", 20_000)).toEqual([{ text: "a\nb", lines: 2 }]);
    expect(textPieces("", 20_000)).toEqual([]);
  });
});
