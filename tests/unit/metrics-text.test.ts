import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";
import { observeIntake, readIntakeMetrics } from "@/lib/metrics/intake-latency";
import { PromText } from "@/lib/metrics/prom-text";
import { metricsAuthorized } from "@/lib/metrics/serve-metrics";

const KEY = "a".repeat(64);
const envOf = (vars: Record<string, string>) => loadEnv({ NODE_ENV: "test", SECRET_KEY: KEY, ...vars });

describe("metrics", () => {
  it("writes families, escaped labels and cumulative histograms", () => {
    const text = new PromText()
      .family("x_total", "counter", "help")
      .sample("x_total", { q: 'a"b\\c\nd' }, 3)
      .family("h", "histogram", "h")
      .histogram("h", { kind: "code" }, { bounds: [0.1, 1], cumulative: [1, 2], count: 3, sum: 4.5 })
      .toString();
    expect(text).toBe(
      [
        "# HELP x_total help", "# TYPE x_total counter", 'x_total{q="a\\"b\\\\c\\nd"} 3',
        "# HELP h h", "# TYPE h histogram",
        'h_bucket{kind="code",le="0.1"} 1', 'h_bucket{kind="code",le="1"} 2', 'h_bucket{kind="code",le="+Inf"} 3',
        'h_sum{kind="code"} 4.5', 'h_count{kind="code"} 3',
      ].join("\n") + "\n",
    );
  });

  it("counts intake answers into cumulative buckets", () => {
    const before = readIntakeMetrics();
    observeIntake(performance.now(), 202);
    observeIntake(performance.now() - 20_000, 503); // beyond the last bucket: only +Inf
    const after = readIntakeMetrics();
    expect(after.count - before.count).toBe(2);
    expect(after.cumulative.at(-1)! - before.cumulative.at(-1)!).toBe(1);
    expect(after.byStatus).toEqual(expect.arrayContaining([[202, expect.any(Number)], [503, expect.any(Number)]]));
  });

  it("accepts only the exact bearer token", () => {
    const token = "0123456789abcdef-token";
    expect(metricsAuthorized(`Bearer ${token}`, token)).toBe(true);
    expect(metricsAuthorized(`bearer ${token}`, token)).toBe(true);
    expect(metricsAuthorized(token, token)).toBe(false);
    expect(metricsAuthorized(`Bearer ${token}x`, token)).toBe(false);
    expect(metricsAuthorized(undefined, token)).toBe(false);
  });

  it("validates the ops settings", () => {
    expect(envOf({}).RETENTION_CRON).toBe("7 * * * *");
    expect(envOf({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(() => envOf({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => envOf({ RETENTION_CRON: "every hour" })).toThrow(/RETENTION_CRON/);
    expect(() => envOf({ RETENTION_CRON: "0 0 * * * *" })).toThrow(/RETENTION_CRON/);
  });
});
