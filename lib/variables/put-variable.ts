// Creates or replaces a variable or secret. A secret's value is encrypted before it reaches
// the database and is never echoed back; switching a key between plain and secret (only when
// the body says `secret`; without it the key keeps its kind) replaces the stored value in the
// new form, so no plaintext stays behind in `value` — and is refused while workflows read the
// key (409, as a delete), unless forced; so is emptying a value that Live workflows read. A body
// that says `hasValue: true` and sends no value keeps the stored one: a secret's read sent back,
// and a plain variable made secret (the Variables page's kind switch: its value is kept, now
// encrypted). A secret is never made plain that way — its value would be on show to every viewer
// — so that asks for the new value (400). A body that says `hasValue: false` and sends no value
// believed the key had none: one set since is not dropped (412 variable_changed). The row
// is locked for the check and the write; a key
// that does not exist yet has no row to lock, so it is inserted (never upserted): of two first
// writes at once, the slower one's insert collides and it starts over, finding the other's row —
// refused if it asked for a new key only, otherwise an update checked like any other.
import { AppError, badRequest, notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { encryptSecret } from "@/lib/secrets/crypto";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { toVariableView } from "@/lib/variables/to-variable-view";
import type { PutVariableInput, VariableView } from "@/lib/variables/variable-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { assertResourceUnused, inUseConflict } from "@/lib/workspaces/assert-resource-unused";
import { listResourceUsers } from "@/lib/workspaces/list-resource-users";
import { onceMoreOnUniqueClash } from "@/lib/db/once-more-on-unique-clash";

export type PutVariableOptions = {
  workspaceId: string;
  userId: string;
  key: string;
  input: PutVariableInput;
  /** Create only (`If-None-Match: *`): an existing key is left as it is, 412 variable_exists. */
  onlyIfNew?: boolean;
  /** Change only (`If-Match: *`): a missing key is not created, 412 variable_not_found — a page
   *  whose row was deleted elsewhere must not bring the key back (emptied, or as an empty secret). */
  onlyIfExists?: boolean;
  /** Change the kind of a key that workflows read anyway (?force=true). */
  force?: boolean;
  tx?: Tx;
};

export async function putVariable({ workspaceId, userId, key, input, onlyIfNew = false, onlyIfExists = false, force = false, tx }: PutVariableOptions): Promise<{ variable: VariableView; created: boolean }> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const value = input.value ?? null;
    // "Has a value, not sent": keep the stored one (above).
    const keepsValue = input.value === undefined && input.hasValue === true;
    // A write that encrypts takes the key check (FOR SHARE) before the row's own lock, the order a
    // rotation locks them in (lib/secrets/lock-secret-key.ts); whether it encrypts depends on the
    // stored kind when the body does not say, or when it keeps a value (a plain one is encrypted),
    // so that is looked at first, without a lock.
    const peek = input.secret === undefined || keepsValue ? await t.variable.findUnique({ where: { workspaceId_key: { workspaceId, key } }, select: { secret: true } }) : null;
    let keyLocked = false;
    if ((input.secret ?? peek?.secret ?? false) && (value !== null || (keepsValue && peek?.secret === false))) {
      await lockSecretKey(t);
      keyLocked = true;
    }
    const [before] = await t.$queryRaw<{ secret: boolean; value: string | null; valueEncrypted: string | null }[]>`
      SELECT secret, value, "valueEncrypted" FROM "Variable" WHERE "workspaceId" = ${workspaceId} AND key = ${key} FOR UPDATE`;
    if (before && onlyIfNew) {
      const kind = before.secret ? "secret" : "variable";
      // Asked for the other kind: its row's switch (Make variable / Make secret) is the way there.
      const other = input.secret !== undefined && input.secret !== before.secret ? (before.secret ? "variable" : "secret") : null;
      const how = other ? `set its value in its row, make it a ${other} there (Make ${other}), or delete it first` : "set its value in its row, or delete it first";
      throw new AppError(412, "variable_exists", `${key} already exists (a ${kind}); ${how}`, { secret: before.secret });
    }
    if (!before && onlyIfExists) {
      throw new AppError(412, "variable_not_found", `${key} does not exist (deleted since?); nothing was created (If-Match: *)`);
    }
    const secret = input.secret ?? before?.secret ?? false;
    if (keepsValue && before?.secret && !secret) {
      throw badRequest(`value: making the secret ${key} a plain variable needs its new value: a secret's value is never read back`, { field: "value" });
    }
    // `hasValue: false` with no value: the sender believed the key had none (a page loaded before a
    // colleague set it). Leaving it without one now would destroy that value unseen — the stale
    // Variables page's Make variable on a secret set elsewhere (found by QA) —, so it is refused and
    // nothing changes; without `hasValue` (an API client) a null value still empties it, as documented.
    if (before && input.hasValue === false && input.value == null && (before.secret ? before.valueEncrypted : before.value) !== null) {
      throw new AppError(412, "variable_changed", `${key} has a value now (set elsewhere); nothing was changed: send its value, or send it without "hasValue": false to empty it`, { secret: before.secret });
    }
    // {{ secrets.KEY }} reads secrets only, {{ vars.KEY }} plain variables only: a key that workflows
    // read changing kind breaks their steps like a delete would (and a secret's new value typed
    // as plain text would be on show to every viewer).
    if (before && before.secret !== secret) {
      await assertResourceUnused({ workspaceId, kind: before.secret ? "secrets" : "vars", key, force, tx: t, consequence: `making it a ${secret ? "secret" : "plain variable"} would fail their steps`, anyway: "change it anyway" });
    }
    // A read sent back says `hasValue: true` and carries no value (a secret's is never read; a
    // script may drop a plain one's): it keeps the stored value, like a webhook secret's
    // {"set": true} echo, instead of clearing it — for either kind, as the docs say.
    const echo = before !== undefined && before.secret === secret && keepsValue;
    // A plain variable made secret keeping its value: encrypted now, the plain text gone.
    const madeSecretKept = secret && before && !before.secret && keepsValue;
    // Emptied, a value that Live workflows read fails their runs ("value missing"), as a delete
    // would, and a Live copy's completed review would no longer hold (found by QA): refused the
    // same way unless forced. A Draft's runs are tests, which say what is missing.
    if (before && before.secret === secret && !echo && value === null && (before.secret ? before.valueEncrypted : before.value) !== null && !force) {
      const live = (await listResourceUsers({ workspaceId, kind: secret ? "secrets" : "vars", key, tx: t })).filter((w) => w.mode === "live");
      if (live.length) {
        const noun = secret ? "secret" : "variable";
        throw inUseConflict(`${noun}_in_use`, `${noun} "${key}"`, live, "emptying its value would fail their runs (value missing)", "Set another value, or switch them to Draft first", "empty it anyway");
      }
    }
    const data = secret
      ? { secret: true, value: null, valueEncrypted: echo ? before.valueEncrypted : madeSecretKept ? (before.value === null ? null : encryptSecret(before.value)) : value === null ? null : encryptSecret(value) }
      : { secret: false, value: echo ? before.value : value, valueEncrypted: null };
    // Only when the stored kind changed between the peek and the row lock: rare, and then late.
    if (data.valueEncrypted !== null && !echo && !keyLocked) await lockSecretKey(t);
    const row = before
      ? await t.variable.update({ where: { workspaceId_key: { workspaceId, key } }, data })
      : await t.variable.create({ data: { workspaceId, key, ...data } });
    // A change of kind says so (the log reads "Variable made secret"): never the value.
    const kindChanged = before !== undefined && before.secret !== secret;
    await recordUserEvent({ workspaceId, userId, action: before ? "variable_updated" : "variable_created", details: { key, secret, ...(kindChanged ? { kindChanged } : {}) }, tx: t });
    return { variable: toVariableView(row), created: !before };
  };
  // The workspace deleted at the same moment: its 404, as once it is gone.
  const attempt = () => unlessParentGone("workspaceId", () => notFound("workspace"), () => (tx ? write(tx) : db().$transaction(write)));
  return onceMoreOnUniqueClash(attempt, !tx);
}
