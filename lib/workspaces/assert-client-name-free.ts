// Two clients of one provider with the same name cannot be told apart in the workspace switcher,
// the push targets or the Runs page, so a client's name is unique within its provider (letter
// case aside). Checked with the provider's row locked, so two adds at once cannot both pass.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";

export async function assertClientNameFree(opts: { tx: Tx; providerId: string; name: string; exceptId?: string }): Promise<void> {
  const { tx, providerId, name, exceptId } = opts;
  await tx.$executeRaw`SELECT 1 FROM "Workspace" WHERE "id" = ${providerId} FOR UPDATE`;
  // lower() = lower(), not Prisma's insensitive equals: that is an ILIKE, where `_` and `%` in a
  // name would match other names ("Acme_1" taken by "Acme-1").
  const [clash] = await tx.$queryRaw<{ id: string; name: string }[]>`
    SELECT "id", "name" FROM "Workspace"
     WHERE "providerId" = ${providerId} AND "kind" = 'client' AND lower("name") = lower(${name}) AND "id" <> ${exceptId ?? ""}
     LIMIT 1`;
  if (clash) throw conflict("client_name_taken", `this provider already has a client named "${clash.name}"; choose another name`, { clientId: clash.id });
}
