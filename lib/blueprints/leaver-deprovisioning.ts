// Blueprint 4: leaver deprovisioning. The spec lists the operations but not the trigger or the
// step kinds; the choices are written in `description` below.
import { z } from "@/lib/z";
import { defineBlueprint, httpStep } from "./blueprint";

export const leaverSetup = z.strictObject({
  documentationOrganizationId: z.string().trim().min(1).meta({ title: "Documentation organisation id" }),
  paidLicenses: z.array(z.string().trim().min(1)).min(1).meta({ title: "Paid licence SKUs to reclaim", description: "Removed after the mailbox is shared (shared mailboxes need no licence)" }),
  vaultCollections: z.array(z.string().trim().min(1)).min(1).meta({ title: "Vault collections to remove the leaver from" }),
  mailboxAccess: z.enum(["FullAccess", "ReadPermission"]).default("FullAccess").meta({ title: "Manager's access to the shared mailbox" }),
  noteVisibility: z.enum(["internal", "public"]).default("internal").meta({ title: "Completed-actions note on the ticket", description: "internal: technicians only; public: the client contact sees it too" }),
});

type Setup = z.output<typeof leaverSetup>;

const completedNote = (s: Setup) =>
  [
    "Offboarding of {{ 1.userPrincipalName }} completed by automation:",
    "- Sign-in blocked in the directory",
    "- All sign-in sessions revoked",
    "- Mailbox converted to a shared mailbox",
    `- ${s.mailboxAccess} to the mailbox delegated to {{ 1.managerEmail }}`,
    `- Paid licences reclaimed: ${s.paidLicenses.join(", ")} (remaining: {{ 6.body.assignedLicenses }})`,
    "- Removed from password-vault collections: {{ 7.body.removed }}",
    "- Contact set inactive in IT documentation (contact {{ 8.body.data.id }})",
  ].join("\n");

export const leaverDeprovisioning = defineBlueprint({
  number: 4,
  slug: "leaver-deprovisioning",
  title: "Leaver deprovisioning",
  purpose:
    "Blocks sign-in and revokes sessions, converts the mailbox to shared and delegates it to the manager, reclaims paid licences, removes the leaver from password-vault collections, sets the contact inactive in documentation and adds the completed actions to the offboarding ticket.",
  description:
    "Chosen where the spec says \"not shown\": the trigger is a webhook from the PSA when an offboarding ticket reaches its scheduled status, posting ticketId, userPrincipalName, managerEmail (and displayName). Steps: eight HTTP Requests in a fixed order — block sign-in, revoke sessions, convert the mailbox to shared, delegate it to the manager, reclaim the paid licences (after the conversion, so no mail is lost), remove from the vault collections, set the documentation contact inactive, then append a note listing every completed action to the offboarding ticket. Any failing call stops the run before the note, so the ticket never claims work that did not happen.",
  trigger: { kind: "webhook", summary: "Webhook from the PSA offboarding ticket: ticketId, userPrincipalName, managerEmail" },
  apps: ["directory", "password_manager", "documentation", "psa"],
  variables: [{ key: "DOC_ORGANIZATION_ID", description: "The client's organisation in the documentation platform", setupField: "documentationOrganizationId" }],
  setup: leaverSetup,
  exampleSetup: {
    documentationOrganizationId: "ORG-311",
    paidLicenses: ["O365_BUSINESS_PREMIUM", "VISIOCLIENT"],
    vaultCollections: ["col-shared-clinic", "col-billing"],
  },
  build: (s, c = {}) => {
    const user = "/users/{{ 1.userPrincipalName }}";
    return {
      name: "Leaver deprovisioning",
      steps: [
        {
          id: "offboarding_ticket",
          kind: "webhook",
          name: "Offboarding ticket ready",
          config: { testingData: { ticketId: 2001, userPrincipalName: "jamie.reed@contoso-dental.com", displayName: "Jamie Reed", managerEmail: "maria.lopez@contoso-dental.com" } },
        },
        httpStep("block_sign_in", "Block sign-in", "directory", c, { method: "PATCH", path: user, json: { accountEnabled: false } }),
        httpStep("revoke_sessions", "Revoke sign-in sessions", "directory", c, { method: "POST", path: `${user}/revokeSignInSessions`, json: {} }),
        httpStep("convert_mailbox", "Convert mailbox to shared", "directory", c, { path: `${user}/mailbox/convert`, json: { type: "shared" } }),
        httpStep("delegate_mailbox", "Delegate mailbox to the manager", "directory", c, {
          path: `${user}/mailbox/permissions`,
          json: { user: "{{ 1.managerEmail }}", accessRights: [s.mailboxAccess] },
        }),
        httpStep("reclaim_licenses", "Reclaim paid licences", "directory", c, { path: `${user}/assignLicense`, json: { addLicenses: [], removeLicenses: s.paidLicenses } }),
        httpStep("vault_removal", "Remove from vault collections", "password_manager", c, {
          path: "/public/members/{{ 1.userPrincipalName }}/collections/remove",
          json: { collectionIds: s.vaultCollections },
        }),
        httpStep("documentation_inactive", "Set contact inactive in documentation", "documentation", c, {
          method: "PATCH",
          path: "/api/organizations/{{ vars.DOC_ORGANIZATION_ID }}/contacts/by-email/{{ 1.userPrincipalName }}",
          json: { status: "inactive", notes: "Left the company; deprovisioned under ticket {{ 1.ticketId }}" },
        }),
        httpStep("ticket_note", "Add completed actions to the ticket", "psa", c, {
          path: "/service/tickets/{{ 1.ticketId }}/notes",
          json: { text: completedNote(s), internal: s.noteVisibility === "internal" },
        }),
      ],
    };
  },
});
