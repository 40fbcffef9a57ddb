// Shapes of the connections API (create and update bodies), shared by routes and the UI form.
// Credentials are write-only: accepted here, checked against the auth kind, stored encrypted.
import { z } from "zod";
import { authKindSchema, connectionConfigSchema } from "@/lib/connections/connection-auth";

const name = z.string().trim().min(1, "name is required").max(120);
const baseUrl = z.union([z.url({ protocol: /^https?$/ }), z.literal("")]).nullable();

export const createConnectionSchema = z.object({
  app: z.string().min(1).max(64),
  name,
  authKind: authKindSchema.optional(),
  baseUrl: baseUrl.optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  config: connectionConfigSchema.optional(),
});
export type CreateConnectionInput = z.infer<typeof createConnectionSchema>;

/** Absent fields keep their stored value; absent credentials keep the stored ones. */
export const updateConnectionSchema = z.object({
  name: name.optional(),
  authKind: authKindSchema.optional(),
  baseUrl: baseUrl.optional(),
  credentials: z.record(z.string(), z.unknown()).optional(),
  config: connectionConfigSchema.optional(),
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
  createdAt: string;
  updatedAt: string;
};
