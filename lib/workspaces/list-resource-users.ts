// The workflows of a workspace that read one of its variables, secrets or files, Live ones first.
// "Read" means what push planning means (scanRequirements): a `{{ vars.X }}`, `{{ secrets.X }}`
// or `{{ files.X }}` in a step's templates, or `vars.X` in a code step's body — one scanner, so a
// delete check and a push never disagree on what a workflow needs. Only the resource's own
// workspace is searched: steps resolve values in the workspace they run in.
import { db, type Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { scanRequirements } from "@/lib/push/scan-requirements";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type ResourceKind = "vars" | "secrets" | "files";
/** A workflow that uses the resource (the 409s `*_in_use` list them; connections' too). */
export type ResourceUser = { id: string; name: string; mode: "draft" | "live" };

export type ListResourceUsersOptions = { workspaceId: string; kind: ResourceKind; key: string; tx?: Tx };

export async function listResourceUsers({ workspaceId, kind, key, tx }: ListResourceUsersOptions): Promise<ResourceUser[]> {
  // The key's text somewhere in the steps is a cheap superset (keys and file names need no JSON
  // escaping); the scanner then decides: `{{ secrets.X }}` does not use the variable X, and
  // `X` in a step's name uses nothing.
  const rows = await (tx ?? db()).$queryRaw<(ResourceUser & Pick<Workflow, "steps">)[]>`
    SELECT id, name, mode::text AS mode, steps FROM "Workflow"
    WHERE "workspaceId" = ${workspaceId} AND strpos(steps::text, ${key}) > 0
    ORDER BY mode = 'live' DESC, name, id`;
  return rows
    .filter((w) => scanRequirements(storedSteps(w))[kind].includes(key))
    .map(({ id, name, mode }) => ({ id, name, mode }));
}
