// The field a zod issue is about, as a dotted path. For an unrecognized key zod gives the path
// of the object holding it and the key apart (`keys`); a 400 must name the key itself
// (`credentials.tokne`, not ""), so the caller sees which of its fields is not taken. Client-safe.
import type { z } from "@/lib/z";

export function zodIssueField(issue: z.core.$ZodIssue, key: string | undefined = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined): string {
  return [...issue.path.map(String), ...(key === undefined ? [] : [key])].join(".");
}
