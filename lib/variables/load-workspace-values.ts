// The variables and secrets of workspaces, as the run engine needs them: plain values for
// {{ vars.KEY }} (and the code step's `vars`), decrypted values for {{ secrets.KEY }}, and
// the list of secret values to redact. A key without a value maps to null; a step that uses
// it fails naming the key (lib/workflows/references.ts).
import { db, type Tx } from "@/lib/db/client";
import { logger } from "@/lib/log";
import { decryptSecret } from "@/lib/secrets/crypto";

export type WorkspaceValues = {
  vars: Record<string, string | null>;
  secrets: Record<string, string | null>;
  /** Secrets stored with a value this SECRET_KEY cannot decrypt (null in `secrets`): a step that
   *  uses one says so, rather than that the value is missing. */
  unreadableSecrets?: readonly string[];
};

export type LoadWorkspaceValuesOptions = { workspaceIds: readonly string[]; tx?: Tx };

export async function loadWorkspaceValues({ workspaceIds, tx }: LoadWorkspaceValuesOptions): Promise<Map<string, WorkspaceValues>> {
  const ids = [...new Set(workspaceIds)];
  // Null-prototype: a key is an own field whatever its name (assigning "__proto__" to a plain {}
  // would set the prototype, and the key would vanish). Such keys are refused (variable-schema.ts),
  // but a row stored before that still reads as what it is.
  const table = () => Object.create(null) as Record<string, string | null>;
  const out = new Map<string, WorkspaceValues>(ids.map((id) => [id, { vars: table(), secrets: table() }]));
  if (ids.length === 0) return out;
  const rows = await (tx ?? db()).variable.findMany({
    where: { workspaceId: { in: ids } },
    select: { workspaceId: true, key: true, value: true, valueEncrypted: true, secret: true },
  });
  for (const r of rows) {
    const values = out.get(r.workspaceId)!;
    if (!r.secret) {
      values.vars[r.key] = r.value;
      continue;
    }
    let plain: string | null = null;
    if (r.valueEncrypted) {
      try {
        plain = decryptSecret(r.valueEncrypted);
      } catch {
        // Unreadable (SECRET_KEY changed despite the start-up check, or a damaged value): no value,
        // so a step that uses it fails naming the key and the cause instead of the whole run
        // batch failing; logged too, since the API still shows the value as set.
        plain = null;
        values.unreadableSecrets = [...(values.unreadableSecrets ?? []), r.key];
      }
    }
    values.secrets[r.key] = plain;
  }
  for (const [workspaceId, { unreadableSecrets: keys }] of out) {
    if (!keys) continue;
    logger().warn({ component: "variables", workspaceId, keys }, "stored secret cannot be decrypted with the current SECRET_KEY");
  }
  return out;
}
