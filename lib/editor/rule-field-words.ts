// A Conditions rule's field labels and help that depend on its operator: "was already seen"
// compares with nothing, so its "Compare with" is how long an id is remembered, and what the
// operator does (it writes as well as reads) needs saying beside it. For the operators that
// compare with a value as equals does, the typed text null stands for no value (the run view
// shows a missing field as null), which nobody guesses from the field alone. Pure and client-safe.
import { SEEN_DEFAULT_DAYS } from "@/lib/steps/seen-before";

type Words = { label?: string; help?: string };

const SEEN_BEFORE: Record<string, Words> = {
  op: {
    help:
      "True when an earlier live run of this workflow got to this rule with the same value (the sender's event id); " +
      "otherwise records it and is false. A run that fails later has still seen it. Test runs check but record nothing.",
  },
  right: {
    label: "Remember for (days)",
    help: `How long an id counts as seen; empty: ${SEEN_DEFAULT_DAYS} days. Retention deletes it after that.`,
  },
};

const NULL_HELP: Words = { help: "Type null for no value: a field that is null or missing equals null. For no value or an empty text, list or object, use is empty." };
// equals, not equals, in list and contains compare items as equals does; gt/lt, matches do not.
const NULL_OPS = new Set(["equals", "not_equals", "in_list", "contains"]);

/** Words for the field `key` of a Conditions rule `rule`, where its operator changes them. */
export function ruleFieldWords(kind: string | undefined, path: readonly (string | number)[], key: string, rule: Record<string, unknown>): Words | undefined {
  const at = path.map((p) => (typeof p === "number" ? "*" : p)).join(".");
  if (kind !== "conditions" || at !== "branches.*.rules.*") return undefined;
  if (rule.op === "seen_before") return SEEN_BEFORE[key];
  // A rule without an operator yet reads equals (the form's first choice).
  if (key === "right" && NULL_OPS.has(typeof rule.op === "string" ? rule.op : "equals")) return NULL_HELP;
  return undefined;
}
