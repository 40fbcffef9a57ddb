// The stored hash of an id a person typed or a script sent, made as the rule makes it from a
// run's value (seenKeyText, then hashSeenKey): "42" finds what a delivery's 42 recorded, and a
// text is taken as sent ("007" is not "7"). An empty text is no id, as in the rule.
import { badRequest } from "@/lib/api/errors";
import { hashSeenKey } from "@/lib/runs/hash-seen-key";
import { seenKeyText } from "@/lib/steps/seen-before";

export function hashSeenId(value: string | number | boolean): string {
  const text = seenKeyText(value);
  if (text === null) throw badRequest("value: the id is empty; a rule never remembers an empty id", { field: "value" });
  return hashSeenKey(text);
}
