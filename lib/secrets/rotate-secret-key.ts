// Re-encrypts everything stored under one SECRET_KEY under another, in the caller's transaction,
// and moves the key check (SecretKeyCheck) to the new key: committed, only the new key starts;
// rolled back, nothing changed. What is encrypted: secret variables, account credentials, the
// OAuth tokens of authorization-code accounts and the PKCE verifiers of their sign-ins in progress,
// webhook shared secrets (in the workflow definitions, whose trigger columns PostgreSQL derives),
// and failure-alert webhook URLs (a Slack or Teams URL is its own token).
// Rows keep their updatedAt and version: no user changed anything. The operator's command is
// scripts/rotate-secret-key.ts (npm run secret-key:rotate), which runs this with the service stopped.
import type { Tx } from "@/lib/db/client";
import { ConfigError } from "@/lib/env";
import { decryptSecret, encryptSecret } from "@/lib/secrets/crypto";
import { isKeyCheckOf, keyCheck } from "@/lib/secrets/verify-secret-key";

/** A stored value the current key cannot decrypt either: left as it was (it was unreadable before). */
export type UnreadableValue = {
  kind: "secret variable" | "account credentials" | "account OAuth tokens" | "OAuth sign-in in progress" | "webhook shared secret" | "failure-alert webhook URL";
  id: string;
  name: string;
  workspaceId: string;
};

export type RotationResult = { variables: number; connections: number; oauthTokens: number; oauthSignIns: number; webhookSecrets: number; failureAlertUrls: number; browserSessions: number; unreadable: UnreadableValue[] };

export type RotateSecretKeyOptions = { tx: Tx; from: Buffer; to: Buffer };

// The columns that hold one encrypted value each (identifiers of ours, never input). Left out,
// an authorization-code account's tokens no longer decrypt and it reads as not connected.
// A sign-in in progress has no name of its own: it is named by its account's id.
const COLUMNS = [
  { table: "Variable", column: "valueEncrypted", name: "key", kind: "secret variable" },
  { table: "Connection", column: "credentialsEncrypted", name: "name", kind: "account credentials" },
  { table: "Connection", column: "oauthTokensEncrypted", name: "name", kind: "account OAuth tokens" },
  { table: "OAuthConnectState", column: "verifierEncrypted", name: "connectionId", kind: "OAuth sign-in in progress" },
] as const;

export async function rotateSecretKey({ tx, from, to }: RotateSecretKeyOptions): Promise<RotationResult> {
  // Locked first: a process verifying its key at start, or storing a secret
  // (lib/secrets/lock-secret-key.ts), waits for the outcome.
  const [check] = await tx.$queryRaw<{ hmac: string }[]>`SELECT hmac FROM "SecretKeyCheck" WHERE id = 1 FOR UPDATE`;
  if (!isKeyCheckOf(check?.hmac, from)) {
    throw new ConfigError("the current SECRET_KEY is not the key this database's secrets are encrypted with: nothing was changed");
  }
  const unreadable: UnreadableValue[] = [];
  const reseal = (stored: string, what: Omit<UnreadableValue, "kind">, kind: UnreadableValue["kind"]): string | null => {
    try {
      return encryptSecret(decryptSecret(stored, from), to);
    } catch {
      unreadable.push({ kind, ...what });
      return null;
    }
  };

  const resealed: Record<(typeof COLUMNS)[number]["kind"], number> = {
    "secret variable": 0,
    "account credentials": 0,
    "account OAuth tokens": 0,
    "OAuth sign-in in progress": 0,
  };
  for (const c of COLUMNS) {
    // Locked: a write that got in before the key check's lock cannot overwrite what is resealed.
    const rows = await tx.$queryRawUnsafe<{ id: string; name: string; workspaceId: string; stored: string }[]>(
      `SELECT id, "${c.name}" AS name, "workspaceId", "${c.column}" AS stored FROM "${c.table}" WHERE "${c.column}" IS NOT NULL FOR UPDATE`,
    );
    const updates = rows.flatMap(({ stored, ...what }) => {
      const sealed = reseal(stored, what, c.kind);
      return sealed === null ? [] : [{ id: what.id, value: sealed }];
    });
    // One statement per table; raw, so that updatedAt stays what the user last changed.
    if (updates.length > 0) {
      await tx.$executeRawUnsafe(
        `UPDATE "${c.table}" AS t SET "${c.column}" = n.v FROM unnest($1::text[], $2::text[]) AS n(id, v) WHERE t.id = n.id`,
        updates.map((u) => u.id),
        updates.map((u) => u.value),
      );
    }
    resealed[c.kind] = updates.length;
  }

  // The definition is json text kept as written (key order, integers beyond double precision):
  // the ciphertexts are swapped in the text, which is never re-serialised.
  const workflows = await tx.$queryRaw<{ id: string; name: string; workspaceId: string; steps: string }[]>`
    SELECT id, name, "workspaceId", steps::text AS steps FROM "Workflow" WHERE steps::text LIKE '%sharedSecretEncrypted%' FOR UPDATE`;
  let webhookSecrets = 0;
  const newSteps: { id: string; value: string }[] = [];
  for (const w of workflows) {
    let text = w.steps;
    for (const stored of storedSharedSecrets(w.steps)) {
      const sealed = reseal(stored, { id: w.id, name: w.name, workspaceId: w.workspaceId }, "webhook shared secret");
      if (sealed === null) continue;
      // Ciphertexts are "v1:" and base64url: nothing in them is escaped in JSON.
      text = text.split(JSON.stringify(stored)).join(JSON.stringify(sealed));
      webhookSecrets++;
    }
    if (text !== w.steps) newSteps.push({ id: w.id, value: text });
  }
  if (newSteps.length > 0) {
    await tx.$executeRaw`
      UPDATE "Workflow" AS w SET steps = n.steps::json
      FROM unnest(${newSteps.map((s) => s.id)}::text[], ${newSteps.map((s) => s.value)}::text[]) AS n(id, steps)
      WHERE w.id = n.id`;
  }

  // One per workspace, keyed by it (no id or name of its own): reported as "failure alerts" of it.
  const alerts = await tx.$queryRaw<{ workspaceId: string; stored: string }[]>`
    SELECT "workspaceId", "urlEncrypted" AS stored FROM "FailureAlertSetting" FOR UPDATE`;
  const alertUpdates = alerts.flatMap(({ workspaceId, stored }) => {
    const sealed = reseal(stored, { id: workspaceId, name: "failure alerts", workspaceId }, "failure-alert webhook URL");
    return sealed === null ? [] : [{ workspaceId, value: sealed }];
  });
  if (alertUpdates.length > 0) {
    await tx.$executeRaw`
      UPDATE "FailureAlertSetting" AS f SET "urlEncrypted" = n.v
      FROM unnest(${alertUpdates.map((u) => u.workspaceId)}::text[], ${alertUpdates.map((u) => u.value)}::text[]) AS n(id, v)
      WHERE f."workspaceId" = n.id`;
  }

  await tx.secretKeyCheck.update({ where: { id: 1 }, data: { hmac: keyCheck(to), createdAt: new Date() } });
  // Session cookies are signed under a key derived from SECRET_KEY: none verifies any more, so
  // the signed-in devices lists are emptied to say so.
  const { count: browserSessions } = await tx.browserSession.deleteMany();
  return {
    variables: resealed["secret variable"],
    connections: resealed["account credentials"],
    oauthTokens: resealed["account OAuth tokens"],
    oauthSignIns: resealed["OAuth sign-in in progress"],
    webhookSecrets,
    failureAlertUrls: alertUpdates.length,
    browserSessions,
    unreadable,
  };
}

/** The non-empty sharedSecretEncrypted of each step of a stored definition. */
function storedSharedSecrets(stepsText: string): string[] {
  const steps: unknown = JSON.parse(stepsText);
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((s) => {
    const v = (s as { config?: { sharedSecretEncrypted?: unknown } } | null)?.config?.sharedSecretEncrypted;
    return typeof v === "string" && v !== "" ? [v] : [];
  });
}
