// METRICS_TOKEN as it comes from a secret file (a trailing newline): trimmed like SECRET_KEY,
// and its length counted without the whitespace.
import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";
import { metricsAuthorized } from "@/lib/metrics/serve-metrics";

const envOf = (vars: Record<string, string>) => loadEnv({ NODE_ENV: "test", SECRET_KEY: "a".repeat(64), ...vars });

describe("METRICS_TOKEN", () => {
  it("is trimmed like SECRET_KEY, so a token read from a file with a newline still authorizes", () => {
    const token = envOf({ METRICS_TOKEN: "0123456789abcdef-token\n" }).METRICS_TOKEN!;
    expect(token).toBe("0123456789abcdef-token");
    expect(metricsAuthorized("Bearer 0123456789abcdef-token", token)).toBe(true);
  });

  it("is refused when too short once its surrounding whitespace is gone", () => {
    expect(() => envOf({ METRICS_TOKEN: " ".repeat(16) })).toThrow(/^METRICS_TOKEN: must be at least 16 characters/);
    expect(() => envOf({ METRICS_TOKEN: "  short-token  \n  " })).toThrow(/^METRICS_TOKEN: /);
  });
});
