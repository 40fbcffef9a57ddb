// Creates an app connection (an account of an app) with its credentials encrypted at rest.
// Returns the account as the API shows it (to-connection-view.ts), never its credentials: they
// are write-only from here on.
import { db, type Db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { encryptSecret } from "@/lib/secrets/crypto";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { appByKey } from "./app-catalog";
import type { AuthKind } from "./connection-auth";
import { startingConfig } from "./connection-settings";
import type { ConnectionView } from "./connection-input";
import { parseConnectionFields } from "./parse-connection-fields";
import { toConnectionView } from "./to-connection-view";

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

export class InvalidConnectionError extends Error {
  constructor(message: string, readonly field?: string) {
    super(message);
  }
}

export async function createConnection(opts: CreateConnectionOptions): Promise<ConnectionView> {
  const app = appByKey(opts.app);
  if (!app) throw new InvalidConnectionError(`unknown app "${opts.app}"`, "app");
  const authKind = opts.authKind ?? app.authKind;
  if (!app.authKinds.includes(authKind)) throw new InvalidConnectionError(`${app.label} does not support ${authKind} auth`, "authKind");
  // The app's starting config, minus what another auth kind would read (an EDR account on an
  // API key has no use for the OAuth token URL, and a read sent back must pass as written).
  const parsed = parseConnectionFields({ authKind, config: opts.config ?? startingConfig(app, authKind), credentials: opts.credentials });
  // Names the field, never echoes the value.
  if (!parsed.ok) throw new InvalidConnectionError(`${parsed.field}: ${parsed.message}`, parsed.field);
  const { config, credentials } = parsed.fields;
  // An account without auth stores none, as an update to "none" clears them: `credentials: {}`
  // sent with it read back as "credentials set".
  const credentialsEncrypted = credentials === undefined || authKind === "none" ? null : encryptSecret(JSON.stringify(credentials));
  if (credentialsEncrypted !== null) await lockSecretKey(opts.tx ?? db()); // it takes no row lock before
  const row = await (opts.tx ?? db()).connection.create({
    data: {
      workspaceId: opts.workspaceId,
      app: app.key,
      name: opts.name,
      authKind,
      baseUrl: opts.baseUrl === undefined ? app.defaultBaseUrl || null : opts.baseUrl,
      credentialsEncrypted,
      config: config as Prisma.InputJsonValue,
    },
  });
  return toConnectionView(row);
}
