// A step sent in the plain documented shape — {"kind": "http"}, no config or "config": {} — is a
// new, unfinished step, as one added from the editor's Tools dock: a value it needs and leaves
// out is saved empty, exactly as if it had been sent empty ("url": ""). A Draft keeps it; going
// Live, or a save of a Live workflow, answers 409 step_incomplete naming it
// (lib/steps/find-missing-fields.ts), instead of a 400 "url: is required" for a shape the README
// documents. Only empty values are filled in: where the Tools dock starts a step with a working
// sample (a Code snippet, a Transformation's `result`, a Wait's 2 minutes) nothing is made up
// that would run, and a Scheduler's schedule is never filled in (any would start runs). Keys of
// the config's top level only; a value filled in but wrong is still refused by the save.
import { randomBytes } from "node:crypto";
import type { StepKind } from "@/lib/steps/catalog";

const newBranchId = () => `br_${randomBytes(9).toString("base64url")}`;

// What each kind's needed keys are when left out. A Conditions step needs a branch and a branch a
// rule: it gets the Tools dock's first branch, whose rule ("" equals "") is itself unfinished.
const LEFT_OUT: Partial<Record<StepKind, (config: Record<string, unknown>) => Record<string, unknown>>> = {
  http: () => ({ url: "" }),
  code: () => ({ code: "" }),
  ai_prompt: () => ({ prompt: "" }),
  conditions: () => ({ branches: [{ id: newBranchId(), name: "Branch 1", match: "all", rules: [{ left: "", op: "equals", right: "" }], target: "stop" }] }),
  transform: () => ({ fields: [{ name: "", expression: "" }] }),
  summarize: () => ({ input: "" }),
  parse_json: () => ({ input: "" }),
  // A Wait without a mode waits a duration (as the editor's new Wait does); without its value, a
  // duration's Seconds are null (a cleared field), an instant's text empty.
  wait: (c) => {
    const mode = c.mode ?? ("at" in c && !("seconds" in c) ? "until" : "duration");
    return mode === "until" ? { mode, at: "" } : mode === "duration" ? { mode, seconds: null } : {};
  },
};

/** `config` with each needed value it leaves out (key absent) filled in empty. */
export function fillLeftOut(kind: StepKind, config: Record<string, unknown>): Record<string, unknown> {
  const empty = LEFT_OUT[kind]?.(config);
  if (!empty) return config;
  const missing = Object.entries(empty).filter(([k]) => !Object.hasOwn(config, k));
  return missing.length ? { ...config, ...Object.fromEntries(missing) } : config;
}
