// Shapes of the connections API (create and update bodies), shared by routes and the UI form.
// Credentials are write-only: accepted here, checked against the auth kind, stored encrypted.
import { z } from "@/lib/z";
import { authKindSchema, connectionConfigSchema } from "@/lib/connections/connection-auth";

const name = z.string().trim().min(1, "name is required").max(120);
const baseUrl = z.union([z.url({ protocol: /^https?$/ }), z.literal("")]).nullable();

// The read-only fields of a GET (ConnectionView), accepted so that a read can be sent back.
const viewOnly = {
  appLabel: z.unknown().optional(),
  hasCredentials: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
};

// Strict, like the other write bodies: a misspelt field is a 400 naming it, not dropped. A read
// posted to another workspace (copying an account, as a workflow's read can be posted) makes a
// new account there: its `id`, `workspaceId` and view fields are ignored, and credentials, never
// part of a read, are not copied.
export const createConnectionSchema = z.strictObject({
  app: z.string().min(1).max(64),
  name,
  authKind: authKindSchema.optional(),
  baseUrl: baseUrl.optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  config: connectionConfigSchema.optional(),
  id: z.unknown().optional(),
  workspaceId: z.unknown().optional(),
  ...viewOnly,
});
export type CreateConnectionInput = z.infer<typeof createConnectionSchema>;

/** Absent fields keep their stored value; absent credentials keep the stored ones, and config and
 *  credentials sent are merged into the stored ones key by key (a config key sent as null is removed). The read-only
 *  fields of a GET are accepted, so a read can be sent back with a changed name (as a workflow's
 *  can): `id`, `workspaceId` and `app` must be the account's own (update-connection.ts), the
 *  others are ignored. */
export const updateConnectionSchema = z.strictObject({
  name: name.optional(),
  authKind: authKindSchema.optional(),
  baseUrl: baseUrl.optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  // Merged key by key into the stored config, a key sent as null removed; each value is checked
  // against the auth kind's settings in update-connection.ts (parse-connection-fields.ts).
  config: z.record(z.string(), z.unknown()).optional(),
  id: z.string().optional(),
  workspaceId: z.string().optional(),
  app: z.string().optional(),
  ...viewOnly,
});
export type UpdateConnectionInput = z.infer<typeof updateConnectionSchema>;

/** DELETE /connections/{id}?force=true deletes an account that workflows still use. */
/** A workflow whose steps select an account (the 409 `connection_in_use` lists them). */
export type { ResourceUser as ConnectionUser } from "@/lib/workspaces/list-resource-users";

/** How an account reads back: whether credentials are stored, never what they are. */
export type ConnectionView = {
  id: string;
  workspaceId: string;
  app: string;
  appLabel: string;
  name: string;
  authKind: string;
  baseUrl: string | null;
  config: Record<string, unknown>;
  hasCredentials: boolean;
  /** oauth2_authorization_code accounts only: whether Connect obtained tokens, and when (the
   *  tokens themselves are never shown). */
  oauth?: { status: "not_connected" | "connected" | "needs_reconnect"; connectedAt: string | null };
  createdAt: string;
  updatedAt: string;
};
