// Creates an app connection (an account of an app) with its credentials encrypted at rest.
// Returns the row without credentials: they are write-only from here on.
import { db, type Db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { encryptSecret } from "@/lib/secrets/crypto";
import { appByKey } from "./app-catalog";
import { connectionConfigSchema, credentialSchemas, type AuthKind } from "./connection-auth";

export type CreateConnectionOptions = {
  workspaceId: string;
  app: string;
  name: string;
  /** Default: the app's own auth kind. */
  authKind?: AuthKind;
  baseUrl?: string | null;
  /** Default: the app's default config. */
  config?: Record<string, unknown>;
  credentials?: Record<string, unknown>;
  tx?: Tx | Db;
};

export type ConnectionSummary = {
  id: string;
  workspaceId: string;
  app: string;
  name: string;
  authKind: string;
  baseUrl: string | null;
  config: unknown;
  hasCredentials: boolean;
};

export class InvalidConnectionError extends Error {}

export async function createConnection(opts: CreateConnectionOptions): Promise<ConnectionSummary> {
  const app = appByKey(opts.app);
  if (!app) throw new InvalidConnectionError(`unknown app "${opts.app}"`);
  const authKind = opts.authKind ?? app.authKind;
  if (!app.authKinds.includes(authKind)) throw new InvalidConnectionError(`${app.label} does not support ${authKind} auth`);
  const config = connectionConfigSchema.safeParse(opts.config ?? app.defaultConfig);
  if (!config.success) throw new InvalidConnectionError(`config: ${config.error.issues[0]?.message}`);
  let credentialsEncrypted: string | null = null;
  if (opts.credentials !== undefined) {
    const creds = credentialSchemas[authKind].safeParse(opts.credentials);
    // Name the field, never echo the value.
    if (!creds.success) throw new InvalidConnectionError(`credentials.${creds.error.issues[0]?.path.join(".")}: ${creds.error.issues[0]?.message}`);
    credentialsEncrypted = encryptSecret(JSON.stringify(creds.data));
  }
  const row = await (opts.tx ?? db()).connection.create({
    data: {
      workspaceId: opts.workspaceId,
      app: app.key,
      name: opts.name,
      authKind,
      baseUrl: opts.baseUrl === undefined ? app.defaultBaseUrl || null : opts.baseUrl,
      credentialsEncrypted,
      config: config.data as Prisma.InputJsonValue,
    },
  });
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    app: row.app,
    name: row.name,
    authKind: row.authKind,
    baseUrl: row.baseUrl,
    config: row.config,
    hasCredentials: row.credentialsEncrypted !== null,
  };
}
