// PATCH /connections/{id}. Absent fields keep their value; credentials are replaced only when
// sent (write-only: the form cannot show them, so an untouched form must not wipe them), and
// field by field: a rotated password alone keeps the stored username. Config merges the same way
// (a key sent as null is removed, unless the auth kind requires it).
// Changing the auth kind needs new credentials, because the stored ones have the old shape; so
// does sending the stored ones to a new address (credential-destination-changes.ts): an editor
// who cannot read them must not be able to re-point them at a host of their choosing.
// An authorization-code account's tokens are cleared with the edit that gives them another owner
// (a new client ID, authorization or token URL, or scope: oauth/oauth-token-owner.ts) or another
// auth kind, and so are its sign-ins in progress: it reads Not connected until Connect again.
import { badRequest, conflict } from "@/lib/api/errors";
import { fieldError } from "@/lib/api/field-error";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { db, type Tx } from "@/lib/db/client";
import { Prisma, type Connection } from "@/lib/generated/prisma/client.ts";
import { appByKey } from "@/lib/connections/app-catalog";
import { CONFIG_KEYS, credentialSchemas, REQUIRED_CONFIG_KEYS, type AuthKind } from "@/lib/connections/connection-auth";
import { credentialDestinationChanges, describeDestinationChange } from "@/lib/connections/credential-destination-changes";
import type { ConnectionView, UpdateConnectionInput } from "@/lib/connections/connection-input";
import { loadConnection } from "@/lib/connections/load-connection";
import { oauthTokenOwner } from "@/lib/connections/oauth/oauth-token-owner";
import { parseConnectionFields } from "@/lib/connections/parse-connection-fields";
import { sealCredentials } from "@/lib/connections/seal-credentials";
import { decryptSecret } from "@/lib/secrets/crypto";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { toConnectionView } from "@/lib/connections/to-connection-view";
import { onceMoreOnUniqueClash } from "@/lib/db/once-more-on-unique-clash";

/** The stored credentials, or none when there are none or they cannot be read (then the sent ones must be whole). */
function storedCredentials(sealed: string | null): Record<string, unknown> {
  if (!sealed) return {};
  try {
    return JSON.parse(decryptSecret(sealed)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Whether stored credentials hold anything to send (one this process cannot read counts: another key may). */
function holdsCredentials(sealed: string | null): boolean {
  if (!sealed) return false;
  try {
    return Object.values(JSON.parse(decryptSecret(sealed)) as Record<string, unknown>).some((v) => v !== "" && v !== null && v !== undefined);
  } catch {
    return true;
  }
}

type DisconnectsInput = { before: Connection; storedConfig: Record<string, unknown>; kindChanged: boolean; credentials: Record<string, unknown> | undefined; config: Record<string, unknown> };

/** Whether the edit leaves an authorization-code account's tokens (or a sign-in in progress) with another owner. */
function disconnects({ before, storedConfig, kindChanged, credentials, config }: DisconnectsInput): boolean {
  if (before.authKind !== "oauth2_authorization_code") return false;
  if (kindChanged) return true;
  const stored = storedCredentials(before.credentialsEncrypted);
  const clientId = credentials?.clientId ?? stored.clientId;
  return oauthTokenOwner({ clientId: stored.clientId, config: storedConfig }) !== oauthTokenOwner({ clientId, config });
}

export type UpdateConnectionOptions = { connectionId: string; userId: string; input: UpdateConnectionInput; tx?: Tx };

export async function updateConnection({ connectionId, userId, input, tx }: UpdateConnectionOptions): Promise<ConnectionView> {
  const write = async (t: Tx) => {
    if (input.credentials !== undefined) await lockSecretKey(t); // before any row, as a rotation
    // Locked first, so two PATCHes merge one after the other and one racing a delete finds the row
    // gone (404) instead of failing its update.
    await t.$queryRaw`SELECT 1 FROM "Connection" WHERE id = ${connectionId} FOR UPDATE`;
    const before = await loadConnection({ connectionId, userId, role: "editor", tx: t });
    // A read sent back names the account it came from: another one's id, workspace or app is a
    // mistake (a PATCH neither moves nor re-keys an account), not something to ignore.
    for (const field of ["id", "workspaceId", "app"] as const) {
      if (input[field] !== undefined && input[field] !== before[field]) {
        throw fieldError(field, `must be this account's own ("${before[field]}"); a PATCH does not change it`);
      }
    }
    const app = appByKey(before.app);
    const authKind = (input.authKind ?? before.authKind) as AuthKind;
    if (app && !app.authKinds.includes(authKind)) throw badRequest(`${app.label} does not support ${authKind} auth`);
    if (input.name && input.name !== before.name) {
      const taken = await t.connection.findFirst({ where: { workspaceId: before.workspaceId, app: before.app, name: input.name }, select: { id: true } });
      if (taken) throw conflict("name_taken", `this workspace already has an account named "${input.name}" for this app; choose another name`);
    }
    const kindChanged = authKind !== before.authKind;
    if (kindChanged && input.credentials === undefined && authKind !== "none") {
      throw badRequest(`changing the auth kind to ${authKind} needs its credentials too`, { field: "credentials", issues: [{ path: "credentials", message: `required when changing the auth kind to ${authKind}` }] });
    }
    // Config is held to the (new) auth kind's keys; one the stored config holds as sent is a read sent back.
    // It merges into the stored config key by key, like credentials: a key left out keeps its value
    // (a new token URL alone keeps the scope), one sent as null is removed.
    const storedConfig = (before.config && typeof before.config === "object" && !Array.isArray(before.config) ? before.config : {}) as Record<string, unknown>;
    const sent = input.config === undefined ? undefined : Object.fromEntries(Object.entries(input.config).filter(([, v]) => v !== null));
    const removed = input.config === undefined ? [] : Object.keys(input.config).filter((k) => input.config?.[k] === null);
    const unknownRemoved = removed.find((k) => !(k in storedConfig) && !(CONFIG_KEYS[authKind] as readonly string[]).includes(k));
    if (unknownRemoved) {
      const takes = CONFIG_KEYS[authKind];
      throw fieldError(`config.${unknownRemoved}`, `unknown field (misspelt?); ${authKind} auth takes ${takes.length ? takes.join(", ") : "no config"}`);
    }
    // Sent blank, it would be as gone (the form's required input refuses blank too).
    const blanked = Object.keys(sent ?? {}).filter((k) => typeof sent?.[k] === "string" && (sent[k] as string).trim() === "");
    const requiredRemoved = [...removed, ...blanked].find((k) => (REQUIRED_CONFIG_KEYS[authKind] as readonly string[] | undefined)?.includes(k));
    if (requiredRemoved) {
      throw fieldError(`config.${requiredRemoved}`, `is required for ${authKind} auth; it can be changed but not removed`);
    }
    const parsed = parseConnectionFields({ authKind, config: sent, storedConfig });
    if (!parsed.ok) throw fieldError(parsed.field, parsed.message);
    const config =
      input.config === undefined ? undefined : Object.fromEntries(Object.entries({ ...storedConfig, ...parsed.fields.config }).filter(([k]) => !removed.includes(k)));
    const baseUrl = input.baseUrl === undefined ? before.baseUrl : input.baseUrl || null;
    const destinations = credentialDestinationChanges({
      authKind,
      before: { baseUrl: before.baseUrl, config: before.config as Record<string, unknown> },
      after: { baseUrl, config: config ?? storedConfig },
    });
    // Stored credentials go to a new address only when they are entered again, whole: merged with
    // the stored secret, a new client ID alone would still carry it there.
    const moved = kindChanged || !holdsCredentials(before.credentialsEncrypted) ? undefined : destinations.find((d) => d.needsCredentials);
    if (moved) {
      const takes = Object.keys(credentialSchemas[authKind].shape);
      if (takes.some((k) => input.credentials?.[k] === undefined)) {
        throw fieldError(moved.field, `${describeDestinationChange(moved)}: enter the credentials again (${takes.join(", ")}) to send them to a new address`, { from: moved.from, to: moved.to });
      }
    }
    const data: Prisma.ConnectionUpdateInput = {};
    if (input.name !== undefined) data.name = input.name;
    if (input.baseUrl !== undefined) data.baseUrl = baseUrl;
    if (config !== undefined) data.config = config as Prisma.InputJsonValue;
    if (kindChanged) data.authKind = authKind;
    const keepStored = !kindChanged && !moved;
    if (input.credentials !== undefined || authKind === "none") data.credentialsEncrypted = sealCredentials(authKind, keepStored ? { ...storedCredentials(before.credentialsEncrypted), ...input.credentials } : (input.credentials ?? {}));
    const changedFields = Object.keys(data).map((k) => k.replace(/Encrypted$/, ""));
    const disconnected = disconnects({ before, storedConfig, kindChanged, credentials: input.credentials, config: config ?? storedConfig });
    if (disconnected) {
      Object.assign(data, { oauthTokensEncrypted: null, oauthStatus: null, oauthConnectedAt: null });
      await t.oAuthConnectState.deleteMany({ where: { connectionId: before.id, usedAt: null } });
    }
    const row = await t.connection.update({ where: { id: before.id }, data });
    // Which fields changed, by name (credentials included), never what they hold; where the
    // credentials go, by origin (never a path, which may hold a tenant's key, nor user info).
    const moves = destinations.map(({ field, from, to }) => ({ field, from, to }));
    await recordUserEvent({ workspaceId: row.workspaceId, userId, action: "connection_updated", details: { connectionId: row.id, app: row.app, name: row.name, ...(row.name !== before.name ? { previousName: before.name } : {}), fields: changedFields, ...(disconnected && (before.oauthTokensEncrypted || before.oauthStatus) ? { disconnected: true } : {}), ...(moves.length ? { destinations: moves } : {}) }, tx: t });
    return toConnectionView(row);
  };
  const attempt = () => (tx ? write(tx) : db().$transaction(write));
  // Two renames to one name at once: the slower update collides with the other's; once more, its
  // check finds that name taken and answers name_taken.
  return onceMoreOnUniqueClash(attempt, !tx);
}
