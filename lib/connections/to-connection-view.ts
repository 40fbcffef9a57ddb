// The API view of a Connection row. Pure; the encrypted credentials never leave the server.
import { appByKey } from "@/lib/connections/app-catalog";
import type { ConnectionView } from "@/lib/connections/connection-input";
import { oauthStatus } from "@/lib/connections/oauth/oauth-status";

type Row = {
  id: string;
  workspaceId: string;
  app: string;
  name: string;
  authKind: string;
  baseUrl: string | null;
  credentialsEncrypted: string | null;
  config: unknown;
  oauthTokensEncrypted?: string | null;
  oauthStatus?: string | null;
  oauthConnectedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toConnectionView(row: Row): ConnectionView {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    app: row.app,
    appLabel: appByKey(row.app)?.label ?? row.app,
    name: row.name,
    authKind: row.authKind,
    baseUrl: row.baseUrl,
    config: (row.config ?? {}) as Record<string, unknown>,
    hasCredentials: row.credentialsEncrypted !== null,
    ...(row.authKind === "oauth2_authorization_code" && {
      oauth: {
        status: oauthStatus(row) ?? "not_connected",
        connectedAt: row.oauthConnectedAt?.toISOString() ?? null,
      },
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
