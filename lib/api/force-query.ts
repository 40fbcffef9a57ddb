// `?force=true` on a DELETE that would otherwise be refused because workflows use the resource
// (409 connection_in_use, variable_in_use, secret_in_use, file_in_use), and on a variable's PUT
// that changes the kind of a key they read.
import { z } from "@/lib/z";

export const forceQuerySchema = z.object({ force: z.enum(["true", "false"]).optional() });

/** Whether the request's query says `force=true`; any other value of `force` is a 400. */
export function readForce(req: Request): boolean {
  return forceQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams)).force === "true";
}
