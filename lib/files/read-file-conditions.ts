// A file PUT's conditions (RFC 9110 §13.1.1–2). A file's entity tag is its sha256 (GET's ETag,
// always strong). If-Match compares strongly: it passes when the file exists and one listed
// strong tag is its sha256 (`*`: when it exists) — a weak tag (W/"…") never matches. If-None-Match
// compares weakly: `*` refuses any existing file, a list refuses a file whose sha256 is listed,
// weak or not. Anything else is a 400: ignored, it would make the write unconditional. If-Match's
// weak tags are kept apart, so that a 412 for a weak copy of the current tag can say why.
import { parseEntityTagCondition } from "@/lib/api/entity-tag-condition";

const ACCEPTS = 'accepted: * or a list of quoted sha256 entity tags, as GET\'s ETag gives them: "<sha256>", "<sha256>"';

export function readFileConditions(headers: Headers): { onlyIfNew: boolean; unlessSha256?: string[]; ifSha256?: string[] | "*"; weakIfSha256?: string[] } {
  const ifMatch = parseEntityTagCondition("If-Match", headers.get("if-match"), ACCEPTS);
  const ifNoneMatch = parseEntityTagCondition("If-None-Match", headers.get("if-none-match"), ACCEPTS);
  return {
    onlyIfNew: ifNoneMatch?.any === true,
    unlessSha256: ifNoneMatch && !ifNoneMatch.any ? ifNoneMatch.tags.map((t) => t.tag) : undefined,
    ifSha256: ifMatch === null ? undefined : ifMatch.any ? "*" : ifMatch.tags.filter((t) => !t.weak).map((t) => t.tag),
    weakIfSha256: ifMatch && !ifMatch.any ? ifMatch.tags.filter((t) => t.weak).map((t) => t.tag) : undefined,
  };
}
