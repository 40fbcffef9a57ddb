// The API view of a Variable row. Pure. Secrets are write-only: no value, no ciphertext.
import type { VariableView } from "@/lib/variables/variable-schema";

type Row = { key: string; secret: boolean; value: string | null; valueEncrypted: string | null; updatedAt: Date };

export function toVariableView(row: Row): VariableView {
  if (row.secret) return { key: row.key, secret: true, hasValue: row.valueEncrypted !== null, updatedAt: row.updatedAt.toISOString() };
  return { key: row.key, secret: false, hasValue: row.value !== null, value: row.value, updatedAt: row.updatedAt.toISOString() };
}
