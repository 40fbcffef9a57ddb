// If-Match / If-None-Match for a resource without entity tags (a variable): only `*` means
// something — "it exists" / "it does not". Any other value is a 400 saying so; ignored, it would
// let a write the caller made conditional happen anyway (RFC 9110 §13.1: a server that cannot
// evaluate a condition must not act as if it held).
import { invalidCondition, parseEntityTagCondition } from "@/lib/api/entity-tag-condition";

const ACCEPTS = "accepted: * only — a variable has no entity tag (If-None-Match: * creates only, If-Match: * changes only)";

/** True for `*`, false without the header; any other value throws 400 naming the header. */
export function readStarOnly(headers: Headers, header: "If-Match" | "If-None-Match"): boolean {
  const condition = parseEntityTagCondition(header, headers.get(header), ACCEPTS);
  if (condition && !condition.any) throw invalidCondition(header, ACCEPTS);
  return condition !== null;
}
