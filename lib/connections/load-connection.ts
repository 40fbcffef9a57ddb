// Loads a connection for a caller. One in a workspace the caller cannot see answers 404
// exactly like a missing id, so foreign ids reveal nothing.
import { AppError, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import type { Connection } from "@/lib/generated/prisma/client.ts";
import { requireWorkspaceRole, type Role } from "@/lib/workspaces/access";

export type LoadConnectionOptions = { connectionId: string; userId: string; role: Role; tx?: Tx };

export async function loadConnection({ connectionId, userId, role, tx }: LoadConnectionOptions): Promise<Connection> {
  const row = await (tx ?? db()).connection.findUnique({ where: { id: connectionId } });
  if (!row) throw notFound("connection");
  try {
    await requireWorkspaceRole(userId, row.workspaceId, role, tx);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound("connection");
    throw e;
  }
  return row;
}
