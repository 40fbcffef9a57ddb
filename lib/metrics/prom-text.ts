// A minimal writer of the Prometheus text exposition format (version 0.0.4): enough for the
// gauges, counters and histograms of /metrics without a metrics library in the hot path.
export type Labels = Record<string, string>;

const escape = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escape(v)}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN");

export class PromText {
  private lines: string[] = [];

  family(name: string, type: "gauge" | "counter" | "histogram", help: string): this {
    this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    return this;
  }

  sample(name: string, labels: Labels, value: number): this {
    this.lines.push(`${name}${labelText(labels)} ${num(value)}`);
    return this;
  }

  /** `cumulative[i]` counts observations <= bounds[i]; count includes the +Inf bucket. */
  histogram(name: string, labels: Labels, h: { bounds: readonly number[]; cumulative: readonly number[]; count: number; sum: number }): this {
    h.bounds.forEach((le, i) => this.sample(`${name}_bucket`, { ...labels, le: String(le) }, h.cumulative[i]));
    this.sample(`${name}_bucket`, { ...labels, le: "+Inf" }, h.count);
    this.sample(`${name}_sum`, labels, h.sum);
    return this.sample(`${name}_count`, labels, h.count);
  }

  toString(): string {
    return this.lines.join("\n") + "\n";
  }
}
