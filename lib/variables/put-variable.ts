// Creates or replaces a variable or secret. A secret's value is encrypted before it reaches
// the database and is never echoed back; switching a key between plain and secret replaces
// the stored value in the new form, so no plaintext stays behind in `value`.
import { db, type Tx } from "@/lib/db/client";
import { encryptSecret } from "@/lib/secrets/crypto";
import { toVariableView } from "@/lib/variables/to-variable-view";
import type { PutVariableInput, VariableView } from "@/lib/variables/variable-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type PutVariableOptions = { workspaceId: string; userId: string; key: string; input: PutVariableInput; tx?: Tx };

export async function putVariable({ workspaceId, userId, key, input, tx }: PutVariableOptions): Promise<{ variable: VariableView; created: boolean }> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const value = input.value ?? null;
    const data = input.secret
      ? { secret: true, value: null, valueEncrypted: value === null ? null : encryptSecret(value) }
      : { secret: false, value, valueEncrypted: null };
    const before = await t.variable.findUnique({ where: { workspaceId_key: { workspaceId, key } }, select: { id: true } });
    const row = await t.variable.upsert({
      where: { workspaceId_key: { workspaceId, key } },
      create: { workspaceId, key, ...data },
      update: data,
    });
    return { variable: toVariableView(row), created: !before };
  };
  return tx ? write(tx) : db().$transaction(write);
}
