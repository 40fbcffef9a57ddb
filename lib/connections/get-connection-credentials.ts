// Loads an app connection for a step of a run and decrypts its credentials. The lookup is
// scoped to the run's workspace: another workspace's connection id is simply "not found", so
// a workflow can never borrow credentials across tenants. Never log what this returns.
import { db, type Db, type Tx } from "@/lib/db/client";
import { decryptSecret } from "@/lib/secrets/crypto";
import { authKindSchema, connectionConfigSchema, credentialSchemas, secretStrings, type AuthKind, type ConnectionConfig } from "./connection-auth";

export type LoadedConnection = {
  id: string;
  app: string;
  name: string;
  authKind: AuthKind;
  baseUrl: string | null;
  config: ConnectionConfig;
  credentials: Record<string, string>;
  /** Every secret value (for redacting server echoes from outputs and errors). */
  secrets: string[];
};

export class ConnectionError extends Error {}
/** No such connection in the workspace: in practice one deleted since the step chose it. */
export class ConnectionNotFoundError extends ConnectionError {}

export type GetConnectionCredentialsOptions = { connectionId: string; workspaceId: string; tx?: Tx | Db };

export async function getConnectionCredentials({ connectionId, workspaceId, tx }: GetConnectionCredentialsOptions): Promise<LoadedConnection> {
  const row = await (tx ?? db()).connection.findFirst({ where: { id: connectionId, workspaceId } });
  if (!row) throw new ConnectionNotFoundError(`app connection ${connectionId} not found in this workspace`);
  const label = `app connection "${row.name}" (${row.app})`;
  const kind = authKindSchema.safeParse(row.authKind);
  if (!kind.success) throw new ConnectionError(`${label} has an unknown auth kind "${row.authKind}"`);
  let raw: unknown = {};
  if (row.credentialsEncrypted) {
    try {
      raw = JSON.parse(decryptSecret(row.credentialsEncrypted));
    } catch {
      // Deliberately vague: the stored text must not leak into the message.
      throw new ConnectionError(`${label}: credentials could not be decrypted (was SECRET_KEY changed?)`);
    }
  }
  const creds = credentialSchemas[kind.data].safeParse(raw);
  if (!creds.success) throw new ConnectionError(`${label} has no complete ${kind.data} credentials; set them on the connection`);
  const config = connectionConfigSchema.safeParse(row.config ?? {});
  if (!config.success) throw new ConnectionError(`${label} has an invalid config: ${config.error.issues[0]?.message}`);
  const credentials = creds.data as Record<string, string>;
  return {
    id: row.id,
    app: row.app,
    name: row.name,
    authKind: kind.data,
    baseUrl: row.baseUrl,
    config: config.data,
    credentials,
    secrets: secretStrings(credentials),
  };
}
