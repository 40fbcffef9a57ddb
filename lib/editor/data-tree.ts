// The Workflow data panel's tree: numbered outputs of earlier steps, each field with its type,
// a sample value and the reference that reads it. Pure and client-safe.
import { formatReference } from "@/lib/editor/step-references";
import { exactNumberText } from "@/lib/json/parse-exact-json";
import { cutKey, type PreviewCut } from "@/lib/json/preview-json";

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
  /** What of a long array, wide object or long string the tree has, said under its children
   *  ("first 3 of 5,000 items") or beside the sample ("1,000,000 characters"). */
  more?: string;
  /** A step root without output: `sample` says why. */
  empty?: true;
  /** A step root's note on when its output is there at all (only some runs reaching the step have it). */
  note?: string;
};

/** `missing`: why a step has no output (the run skipped it, …); "no output yet" when absent.
 *  `note`: said under the step whether or not this run has its output. `cuts`: the output is a
 *  preview (lib/json/preview-json.ts), cut where these say, each with its whole size. */
export type StepOutputSource = { number: number; name: string; kind: string; output: unknown; hasOutput: boolean; missing?: string; note?: string; cuts?: readonly PreviewCut[] };

export type DataTreeOptions = { maxArrayItems?: number; maxDepth?: number; maxSample?: number };

export function typeOf(v: unknown): ValueType {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  if (exactNumberText(v) !== null) return "number";
  const t = typeof v;
  return t === "object" ? "object" : t === "number" || t === "bigint" ? "number" : t === "boolean" ? "boolean" : "string";
}

const count = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** `size`: an array's or object's whole count where a preview cut it. */
function sampleOf(v: unknown, max: number, size?: number): string {
  const t = typeOf(v);
  if (t === "array") {
    const n = size ?? (v as unknown[]).length;
    return `${n} item${n === 1 ? "" : "s"}`;
  }
  if (t === "object") {
    const n = size ?? Object.keys(v as object).length;
    return `${n} field${n === 1 ? "" : "s"}`;
  }
  // A number kept exact (a 64-bit id) shows its digits, not "[object Object]" or a rounded double.
  const s = t === "string" ? JSON.stringify(v) : (exactNumberText(v) ?? String(v ?? "null"));
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

// The path joined by "." with "." and "\\" in a key escaped: a key holding "." ({"a.b": …}) and
// the nested a → b are two fields, and the tree opens, closes and focuses by id.
const nodeId = (step: number, path: readonly (string | number)[]) => `${step}:${path.map((k) => String(k).replace(/[\\.]/g, "\\$&")).join(".")}`;

type Cuts = ReadonlyMap<string, PreviewCut>;

function build(step: number, label: string, path: (string | number)[], v: unknown, depth: number, o: Required<DataTreeOptions>, cuts: Cuts): DataNode {
  const type = typeOf(v);
  const cut = cuts.size ? cuts.get(cutKey(path)) : undefined;
  const size = type === "array" ? cut?.items : type === "object" ? cut?.fields : undefined;
  const node: DataNode = { id: nodeId(step, path), label, step, path, type, sample: sampleOf(v, o.maxSample, size), reference: formatReference(step, path) };
  if (type === "string" && cut?.chars !== undefined) node.more = count(cut.chars, "character");
  if (type !== "object" && type !== "array") return node;
  const entries: [string | number, unknown][] =
    type === "array" ? (v as unknown[]).map((x, i) => [i, x]) : Object.entries(v as Record<string, unknown>);
  const total = size ?? entries.length;
  if (depth >= o.maxDepth) {
    node.omitted = total;
    return node;
  }
  const limit = type === "array" ? o.maxArrayItems : Infinity;
  node.children = entries.slice(0, limit).map(([k, x]) => build(step, String(k), [...path, k], x, depth + 1, o, cuts));
  if (total > node.children.length) {
    node.omitted = total - node.children.length;
    node.more = `first ${node.children.length.toLocaleString("en-US")} of ${count(total, type === "array" ? "item" : "field")}`;
  }
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
        return { id: nodeId(s.number, []), label: `${s.number}. ${s.name}`, step: s.number, path: [], type: "null", sample: s.missing ?? "no output yet", reference: formatReference(s.number, []), empty: true, ...note };
      }
      const cuts = new Map((s.cuts ?? []).map((c) => [cutKey(c.path), c]));
      return { ...build(s.number, `${s.number}. ${s.name}`, [], s.output, 0, o, cuts), label: `${s.number}. ${s.name}`, ...note };
    });
}

/** The name a screen reader says for a node, what the row shows in one line: `status, string,
 *  "open"`, `1. Webhook, object, 2 fields`, `body, string, "Dear…", 2,600 characters`, and for a
 *  step without output, why (`3. Isolate, skipped in this run: …`). A null value says null once. */
export function spokenName(node: DataNode): string {
  if (node.empty) return `${node.label}, ${node.sample}`;
  const parts = [node.label, node.type];
  if (node.sample !== node.type) parts.push(node.sample);
  if (node.type === "string" && node.more) parts.push(node.more);
  return parts.join(", ");
}
