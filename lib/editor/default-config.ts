// The config a step starts with when it is added from the Tools dock. Each passes its catalog
// schema where a sensible value exists, so autosave keeps working while the user fills in the
// rest; fields with no sensible default (a URL, a prompt, a Conditions rule's two values) start
// empty and are flagged (lib/steps/find-missing-fields.ts): a Draft saves them, Live does not.
import type { StepKind } from "@/lib/steps/catalog";

export function defaultConfig(kind: StepKind, branchId: () => string): Record<string, unknown> {
  switch (kind) {
    case "webhook":
      return { signatureHeader: "", testingData: { event: "example", id: "evt_1" } };
    case "scheduler":
      return { cron: "0 9 * * 1-5", timezone: "UTC" };
    case "code":
      return { code: "// `steps[1]` is the trigger's output; return this step's output.\nreturn { ok: true };\n", timeoutMs: 5000 };
    case "http":
      return { method: "GET", url: "", headers: [], query: [], body: { type: "none" }, connectionId: null, timeoutMs: 30000, continueOnError: false };
    case "ai_prompt":
      return { connectionId: null, system: "", prompt: "" };
    case "conditions":
      return {
        branches: [{ id: branchId(), name: "Branch 1", match: "all", rules: [{ left: "", op: "equals", right: "" }], target: "stop" }],
        otherwise: { target: null },
      };
    case "transform":
      return { fields: [{ name: "result", expression: "{{ 1 }}" }] };
    case "wait":
      return { mode: "duration", seconds: 120 };
    case "summarize":
      return { input: "", groupBy: [], aggregates: [{ name: "count", op: "count" }], computed: [] };
    case "parse_json":
      return { input: "" };
  }
}
