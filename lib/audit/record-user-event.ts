// An audit event by the signed-in user, known here by id only (the domain functions take a
// userId): their e-mail is looked up for the record, which keeps it once the account is gone.
// Inside the caller's transaction, like every audit event.
import type { Tx } from "@/lib/db/client";
import { recordAuditEvent, type RecordAuditEventOptions } from "@/lib/audit/record-audit-event";

export type RecordUserEventOptions = Omit<RecordAuditEventOptions, "actor" | "tx"> & { userId: string; tx: Tx };

export async function recordUserEvent({ userId, tx, ...event }: RecordUserEventOptions): Promise<void> {
  const actor = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
  await recordAuditEvent({ ...event, actor, tx });
}
