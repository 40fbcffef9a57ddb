import { describe, expect, it } from "vitest";
import { formatBytes } from "@/lib/format-bytes";

describe("formatBytes", () => {
  it("picks the unit that fits: bytes, KB, MB, GB", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(1434)).toBe("1.4 KB");
    expect(formatBytes(20_000_000)).toBe("19.1 MB"); // a declared 20 MB body, not "19531.3 KB"
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
  });

  it("moves up a unit where one decimal would round to 1024", () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe("1.0 MB");
    expect(formatBytes(1024 * 1024 - 60)).toBe("1023.9 KB");
  });
});
