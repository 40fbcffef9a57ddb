// A row inserted under a parent (a workflow, a workspace) that another request deletes at the same
// moment: the access check still saw the parent, but the insert's foreign key no longer finds it
// (Postgres 23503, Prisma P2003; a raw INSERT reports it with the same constraint name). To the
// caller the parent is gone, so it gets the 404 it gets once the parent is gone, not a 500.
// An UPDATE of the parent row itself (a workspace's settings) that waited on the delete instead
// finds no row (Prisma P2025, "Record to update not found"): the same 404, via unlessRowGone.
import type { AppError } from "@/lib/api/errors";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/** Whether `e` is a foreign-key violation on a `…_<column>_fkey` constraint (e.g. workspaceId). */
export function isParentGone(e: unknown, column: "workspaceId" | "workflowId"): boolean {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const said = `${e.message} ${JSON.stringify(e.meta ?? {})}`;
  return (e.code === "P2003" || /foreign key/i.test(said)) && said.includes(`_${column}_fkey`);
}

/** Whether `e` is Prisma's "record to update/delete not found" (P2025). */
export function isRowGone(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2025";
}

/** Runs `write`; a foreign-key violation on `column` becomes `gone()` (the route's not-found error). */
export async function unlessParentGone<T>(column: "workspaceId" | "workflowId", gone: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isParentGone(e, column)) throw gone();
    throw e;
  }
}

/** As unlessParentGone, and a row `write` updates that is gone by then (P2025) is `gone()` too. */
export async function unlessRowGone<T>(column: "workspaceId" | "workflowId", gone: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isRowGone(e) || isParentGone(e, column)) throw gone();
    throw e;
  }
}
