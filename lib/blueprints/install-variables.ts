// The workspace variables a blueprint install fills from its setup form. A missing key is
// inserted without overwriting (ON CONFLICT DO NOTHING): of two installs at once into a workspace
// without the key, the later one's insert waits for the first to commit and then finds its row,
// reported as any existing value is (`kept`, `differs` when the setup said otherwise) — a plain
// insert made that install a 500 on the unique key. An existing row is locked before it is read,
// so two installs never both fill the same empty key. Keys are taken in key order, so two installs
// of blueprints that share keys (in another order) wait for each other instead of deadlocking.
import { recordUserEvent } from "@/lib/audit/record-user-event";
import type { BlueprintVariable } from "@/lib/blueprints/blueprint";
import type { Tx } from "@/lib/db/client";

/** created: new key with the setup value; filled: the key existed without a value; kept: the
 *  workspace already had a value (`differs` when it is not the one in the setup form);
 *  wrong_kind: the workspace has the key as a secret, which `{{ vars.KEY }}` cannot read — left
 *  as it is (never overwritten), and Go live is refused until it is a plain variable. */
export type InstalledVariable = { key: string; status: "created" | "filled" | "kept" | "wrong_kind"; differs?: boolean };

type Row = { id: string; secret: boolean; value: string | null };

const lockRow = async (t: Tx, workspaceId: string, key: string): Promise<Row | undefined> =>
  (await t.$queryRaw<Row[]>`SELECT id, secret, value FROM "Variable" WHERE "workspaceId" = ${workspaceId} AND key = ${key} FOR UPDATE`)[0];

export type InstallVariablesOptions = { t: Tx; workspaceId: string; userId: string; variables: BlueprintVariable[]; setup: Record<string, unknown> };

/** What happened to each variable, in the blueprint's order. */
export async function installVariables({ t, workspaceId, userId, variables, setup }: InstallVariablesOptions): Promise<InstalledVariable[]> {
  const done = new Map<string, InstalledVariable>();
  for (const v of [...variables].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const raw = setup[v.setupField];
    const value = typeof raw === "string" && raw.trim() !== "" ? raw.trim() : null;
    let row = await lockRow(t, workspaceId, v.key);
    if (!row && value !== null) {
      const { count } = await t.variable.createMany({ data: [{ workspaceId, key: v.key, value }], skipDuplicates: true });
      if (count === 1) {
        await recordUserEvent({ workspaceId, userId, action: "variable_created", details: { key: v.key, secret: false }, tx: t }); // never the value
        done.set(v.key, { key: v.key, status: "created" });
        continue;
      }
      // Written meanwhile by another install or the variables API: committed now, so visible.
      row = await lockRow(t, workspaceId, v.key);
    }
    // Whatever the form holds: the steps read it as {{ vars.KEY }}, which a secret never answers.
    if (row?.secret) done.set(v.key, { key: v.key, status: "wrong_kind" });
    else if (value === null || !row) continue; // an optional field left empty: nothing to fill in (no row: deleted as we looked)
    else if (row.value === null) {
      await t.variable.update({ where: { id: row.id }, data: { value } });
      await recordUserEvent({ workspaceId, userId, action: "variable_updated", details: { key: v.key, secret: false }, tx: t });
      done.set(v.key, { key: v.key, status: "filled" });
    } else {
      // Other workflows may read this value: never overwrite it from a setup form.
      done.set(v.key, { key: v.key, status: "kept", differs: row.value !== value });
    }
  }
  return variables.flatMap((v) => done.get(v.key) ?? []);
}
