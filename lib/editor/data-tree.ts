// The Workflow data panel's tree: numbered outputs of earlier steps, each field with its type,
// a sample value and the reference that reads it. Pure and client-safe.
import { formatReference } from "@/lib/editor/step-references";
import { exactNumberText } from "@/lib/json/parse-exact-json";

export type ValueType = "object" | "array" | "string" | "number" | "boolean" | "null";

export type DataNode = {
  /** Unique within the tree: `<step>:<path>`. */
  id: string;
  label: string;
  step: number;
  path: (string | number)[];
  type: ValueType;
  /** Short text of a scalar, or "3 items" / "4 fields". */
  sample: string;
  reference: string;
  children?: DataNode[];
  /** Children left out to keep the tree small (long arrays, deep nesting). */
  omitted?: number;
  /** A step root without output: `sample` says why. */
  empty?: true;
  /** A step root's note on when its output is there at all (only some runs reaching the step have it). */
  note?: string;
};

/** `missing`: why a step has no output (the run skipped it, …); "no output yet" when absent.
 *  `note`: said under the step whether or not this run has its output. */
export type StepOutputSource = { number: number; name: string; kind: string; output: unknown; hasOutput: boolean; missing?: string; note?: string };

export type DataTreeOptions = { maxArrayItems?: number; maxDepth?: number; maxSample?: number };

export function typeOf(v: unknown): ValueType {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  if (exactNumberText(v) !== null) return "number";
  const t = typeof v;
  return t === "object" ? "object" : t === "number" || t === "bigint" ? "number" : t === "boolean" ? "boolean" : "string";
}

function sampleOf(v: unknown, max: number): string {
  const t = typeOf(v);
  if (t === "array") return `${(v as unknown[]).length} item${(v as unknown[]).length === 1 ? "" : "s"}`;
  if (t === "object") {
    const n = Object.keys(v as object).length;
    return `${n} field${n === 1 ? "" : "s"}`;
  }
  // A number kept exact (a 64-bit id) shows its digits, not "[object Object]" or a rounded double.
  const s = t === "string" ? JSON.stringify(v) : (exactNumberText(v) ?? String(v ?? "null"));
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function build(step: number, label: string, path: (string | number)[], v: unknown, depth: number, o: Required<DataTreeOptions>): DataNode {
  const type = typeOf(v);
  const node: DataNode = { id: `${step}:${path.join(".")}`, label, step, path, type, sample: sampleOf(v, o.maxSample), reference: formatReference(step, path) };
  if (type !== "object" && type !== "array") return node;
  const entries: [string | number, unknown][] =
    type === "array" ? (v as unknown[]).map((x, i) => [i, x]) : Object.entries(v as Record<string, unknown>);
  if (depth >= o.maxDepth) {
    node.omitted = entries.length;
    return node;
  }
  const limit = type === "array" ? o.maxArrayItems : Infinity;
  node.children = entries.slice(0, limit).map(([k, x]) => build(step, String(k), [...path, k], x, depth + 1, o));
  if (entries.length > limit) node.omitted = entries.length - limit;
  return node;
}

/** One root per step, in step order; a step without output yet has no children. */
export function buildDataTree(sources: readonly StepOutputSource[], opts: DataTreeOptions = {}): DataNode[] {
  const o = { maxArrayItems: opts.maxArrayItems ?? 3, maxDepth: opts.maxDepth ?? 8, maxSample: opts.maxSample ?? 48 };
  return [...sources]
    .sort((a, b) => a.number - b.number)
    .map((s): DataNode => {
      const note = s.note ? { note: s.note } : {};
      if (!s.hasOutput) {
        return { id: `${s.number}:`, label: `${s.number}. ${s.name}`, step: s.number, path: [], type: "null", sample: s.missing ?? "no output yet", reference: formatReference(s.number, []), empty: true, ...note };
      }
      return { ...build(s.number, `${s.number}. ${s.name}`, [], s.output, 0, o), label: `${s.number}. ${s.name}`, ...note };
    });
}
