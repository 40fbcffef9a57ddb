// Request bodies and views of invitation links, shared by the routes, the domain functions and
// the pages.
import { z } from "@/lib/z";
import { roleSchema, ROLES } from "@/lib/members/member-schema";

export const INVITATION_DAYS = { default: 7, max: 30 } as const;

export const CreateInvitationBody = z
  .object({
    role: roleSchema,
    /** Whom the link is meant for (a name or an address): shown to owners, grants nothing. */
    note: z.string().trim().max(200).optional(),
    expiresInDays: z.number().int().min(1).max(INVITATION_DAYS.max).default(INVITATION_DAYS.default),
  })
  .strict();
export type CreateInvitationInput = z.infer<typeof CreateInvitationBody>;

type Role = (typeof ROLES)[number];
type Person = { name: string; email: string };

/** An open invitation as owners see it in the workspace's list (never its link). */
export type InvitationView = { id: string; role: Role; note: string | null; createdBy: Person | null; createdAt: string; expiresAt: string; expired: boolean };

/** What the holder of a link sees before accepting it. */
export type InvitationPreview = {
  workspace: { id: string; name: string; kind: "provider" | "client" };
  role: Role;
  invitedBy: Person | null;
  /** Whom the maker meant the link for, as they wrote it: lets someone else's holder see it is not theirs. */
  note: string | null;
  expiresAt: string;
  /** The caller already has a role of their own in the workspace. */
  alreadyMember: boolean;
  /** The caller used this link themselves (and still works there). */
  joined: boolean;
};

export function toInvitationView(row: { id: string; role: Role; note: string | null; createdBy: Person | null; createdAt: Date; expiresAt: Date }, now = new Date()): InvitationView {
  const { createdBy, ...rest } = row;
  return {
    ...rest,
    createdBy: createdBy && { name: createdBy.name, email: createdBy.email },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}
