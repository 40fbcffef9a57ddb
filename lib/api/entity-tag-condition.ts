// The value of an If-Match / If-None-Match header (RFC 9110 §13.1.1–2): `*`, or a list of entity
// tags (`"abc", W/"def"`). A value that is neither is a mistake to refuse (400), never a header to
// ignore: ignoring it would make a conditional write unconditional — the opposite of what the
// caller asked for. Pure; routes decide what to compare the tags with.
import { AppError } from "@/lib/api/errors";

export type EntityTag = { weak: boolean; tag: string };
/** `null`: no header (or an empty one). */
export type EntityTagCondition = { any: true } | { any: false; tags: EntityTag[] } | null;

// One list element: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE (etagc = %x21 / %x23-7E / obs-text,
// so a tag may hold a comma), then a comma or the end. A list may hold empty elements (RFC 9110
// §5.6.1), which count for nothing.
const ELEMENT = /[ \t]*(?:(W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?[ \t]*(?:,|$)/y;

/** Parses `header`'s value; a value that is not `*` nor a list of entity tags is a 400 naming the
 *  header and what it accepts (`accepts`: how the route's tags are written). */
export function parseEntityTagCondition(header: "If-Match" | "If-None-Match", value: string | null, accepts: string): EntityTagCondition {
  const v = value?.trim() ?? "";
  if (v === "") return null;
  if (v === "*") return { any: true };
  const tags: EntityTag[] = [];
  ELEMENT.lastIndex = 0;
  while (ELEMENT.lastIndex < v.length) {
    const at = ELEMENT.lastIndex;
    const m = ELEMENT.exec(v);
    if (!m || ELEMENT.lastIndex === at) throw invalidCondition(header, accepts);
    if (m[2] !== undefined) tags.push({ weak: Boolean(m[1]), tag: m[2] });
  }
  if (tags.length === 0) throw invalidCondition(header, accepts);
  return { any: false, tags };
}

export const invalidCondition = (header: "If-Match" | "If-None-Match", accepts: string) =>
  new AppError(400, "invalid_request", `${header}: not a value this request takes (${accepts}); nothing was changed`, { header });
