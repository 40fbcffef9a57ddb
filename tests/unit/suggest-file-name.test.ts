// A name within the file-name rule for a desktop file whose own name breaks it.
import { describe, expect, it } from "vitest";
import { FILE_NAME_PATTERN, suggestFileName } from "@/lib/files/file-name";

describe("suggestFileName", () => {
  it("drops accents and turns spaces and other characters into one underscore", () => {
    expect(suggestFileName("My Script (v2).ps1")).toBe("My_Script_v2.ps1");
    expect(suggestFileName("rapport-été.txt")).toBe("rapport-ete.txt");
    expect(suggestFileName("My Script (v2) – été.ps1")).toBe("My_Script_v2_ete.ps1");
    expect(suggestFileName(".env.local")).toBe("env.local");
  });

  it("keeps the extension when it shortens a long name to 128 characters", () => {
    const s = suggestFileName(`${"a b".repeat(100)}.ps1`)!;
    expect(s).toHaveLength(128);
    expect(s.endsWith(".ps1")).toBe(true);
    expect(FILE_NAME_PATTERN.test(s)).toBe(true);
  });

  it("every suggestion keeps the rule; nothing usable left is null", () => {
    for (const n of ["日本語.txt", "  --weird--.ps1", "a#b{c}.json", "x"]) {
      const s = suggestFileName(n);
      if (s !== null) expect(FILE_NAME_PATTERN.test(s), `${n} → ${s}`).toBe(true);
    }
    expect(suggestFileName("???")).toBeNull();
    expect(suggestFileName("...")).toBeNull();
  });
});
