// Blueprint 4: leaver deprovisioning. The spec lists the operations but not the trigger or the
// step kinds; the choices are written in `description` below.
import { z } from "@/lib/z";
import { defineBlueprint, httpStep, literal } from "./blueprint";

export const leaverSetup = z.strictObject({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a domain such as contoso.com")
    .default("contoso.com")
    .meta({ title: "E-mail domain", description: "The client's sign-in domain; the Testing data's sample leaver and manager use it" }),
  documentationOrganizationId: z.string().trim().min(1).meta({ title: "Documentation organisation id" }),
  paidLicenses: z
    .array(z.string().trim().min(1))
    .min(1)
    .meta({
      title: "Paid licence SKUs to reclaim",
      description:
        "Part numbers such as O365_BUSINESS_PREMIUM, as the Microsoft 365 admin centre's licence export shows them (a skuId GUID works too). Those the leaver holds are removed after the mailbox is shared (shared mailboxes need no licence)",
    }),
  vaultCollections: z.array(z.string().trim().min(1)).min(1).meta({ title: "Vault collections to remove the leaver from" }),
  mailboxAccess: z.enum(["FullAccess", "ReadPermission"]).default("FullAccess").meta({ title: "Manager's access to the shared mailbox" }),
  noteVisibility: z.enum(["internal", "public"]).default("internal").meta({ title: "Completed-actions note on the ticket", description: "internal: technicians only; public: the client contact sees it too" }),
});

type Setup = z.output<typeof leaverSetup>;

// Graph removes licences by skuId and answers 400 for one the user does not hold, so the run
// reads the leaver's licences (step 2) and the tenant's SKUs (step 3) and removes only the
// configured ones the leaver has; the texts name them by part number.
const reclaimCode = (s: Setup) => `const PAID = ${literal(s.paidLicenses)};
const user = steps[2].body || {}, skus = (steps[3].body || {}).value || [];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const held = (user.assignedLicenses || []).map((l) => String(l.skuId).toLowerCase());
const name = (id) => (skus.find((s) => s.skuId.toLowerCase() === id) || { skuPartNumber: id }).skuPartNumber;
const paid = PAID.map((e) => GUID.test(e) ? e.toLowerCase() : (skus.find((s) => s.skuPartNumber.toLowerCase() === e.toLowerCase()) || {}).skuId).filter(Boolean).map((id) => id.toLowerCase());
const removeLicenses = held.filter((id) => paid.includes(id));
const kept = held.filter((id) => !paid.includes(id));
const inline = (l) => l.join(", ") || "none";
return { userId: user.id, removeLicenses, reclaimedText: inline(removeLicenses.map(name)), keptText: inline(kept.map(name)) };`;

const completedNote = (s: Setup) =>
  [
    "Offboarding of {{ 2.body.displayName }} ({{ 1.userPrincipalName }}) completed by automation:",
    "- Sign-in blocked in the directory",
    "- All sign-in sessions revoked",
    "- Mailbox converted to a shared mailbox",
    `- ${s.mailboxAccess} to the mailbox delegated to {{ 1.managerEmail }}`,
    "- Paid licences reclaimed: {{ 4.reclaimedText }} (still assigned: {{ 4.keptText }})",
    `- Removed from password-vault collections: ${s.vaultCollections.join(", ")}`,
    "- Contact set inactive in IT documentation (contact {{ 11.body.data.id }})",
  ].join("\n");

export const leaverDeprovisioning = defineBlueprint({
  number: 4,
  slug: "leaver-deprovisioning",
  title: "Leaver deprovisioning",
  version: 2,
  changes: [
    { version: 1, note: "Blocks sign-in, revokes sessions, converts the mailbox, reclaims licences, removes vault access, updates documentation and the ticket." },
    { version: 2, note: "Speaks Microsoft Graph v1.0: reads the user and the tenant's SKUs first, acts by object id and removes only the paid licences the leaver holds, by skuId; v1 sent part numbers and principal names where Graph wants ids, which a real tenant refuses." },
  ],
  purpose:
    "Blocks sign-in and revokes sessions, converts the mailbox to shared and delegates it to the manager, reclaims paid licences, removes the leaver from password-vault collections, sets the contact inactive in documentation and adds the completed actions to the offboarding ticket.",
  description:
    "Chosen where the spec says \"not shown\": the trigger is a webhook from the PSA when an offboarding ticket reaches its scheduled status, posting ticketId, userPrincipalName, managerEmail (and displayName). Steps: the leaver's directory record and the tenant's subscribed SKUs are read first (an unknown principal name stops the run before anything changes), a Code step picks the paid licences to reclaim — configured by part number such as O365_BUSINESS_PREMIUM (a skuId GUID works too), and only those the leaver holds, since the directory refuses to remove a licence the user lacks — then eight HTTP Requests in a fixed order: block sign-in, revoke sessions, convert the mailbox to shared, delegate it to the manager, reclaim the paid licences (after the conversion, so no mail is lost), remove from the vault collections, set the documentation contact inactive, then append a note listing every completed action, in plain words, to the offboarding ticket. Any failing call stops the run before the note, so the ticket never claims work that did not happen.",
  trigger: { kind: "webhook", summary: "Webhook from the PSA offboarding ticket: ticketId, userPrincipalName, managerEmail" },
  apps: ["directory", "password_manager", "documentation", "psa"],
  variables: [{ key: "DOC_ORGANIZATION_ID", description: "The client's organisation in the documentation platform", setupField: "documentationOrganizationId" }],
  setup: leaverSetup,
  exampleSetup: {
    domain: "contoso-dental.com",
    documentationOrganizationId: "ORG-311",
    paidLicenses: ["O365_BUSINESS_PREMIUM", "VISIOCLIENT"],
    vaultCollections: ["col-shared-clinic", "col-billing"],
  },
  build: (s, c = {}) => {
    // By object id from here on: the record read in step 2 is the one acted on.
    const user = "/users/{{ 2.body.id }}";
    return {
      name: "Leaver deprovisioning",
      steps: [
        {
          id: "offboarding_ticket",
          kind: "webhook",
          name: "Offboarding ticket ready",
          config: { testingData: { ticketId: 2001, userPrincipalName: `jamie.reed@${s.domain}`, displayName: "Jamie Reed", managerEmail: `maria.lopez@${s.domain}` } },
        },
        httpStep("read_user", "Read the leaver's directory record", "directory", c, { path: "/users/{{ 1.userPrincipalName }}", query: { $select: "id,displayName,userPrincipalName,assignedLicenses" } }),
        httpStep("read_skus", "Read the tenant's subscribed SKUs", "directory", c, { path: "/subscribedSkus", query: { $select: "skuId,skuPartNumber" } }),
        { id: "licences_to_reclaim", kind: "code", name: "Paid licences the leaver holds", config: { code: reclaimCode(s), timeoutMs: 5_000 } },
        httpStep("block_sign_in", "Block sign-in", "directory", c, { method: "PATCH", path: user, json: { accountEnabled: false } }),
        httpStep("revoke_sessions", "Revoke sign-in sessions", "directory", c, { method: "POST", path: `${user}/revokeSignInSessions`, json: {} }),
        httpStep("convert_mailbox", "Convert mailbox to shared", "directory", c, { path: `${user}/mailbox/convert`, json: { type: "shared" } }),
        httpStep("delegate_mailbox", "Delegate mailbox to the manager", "directory", c, {
          path: `${user}/mailbox/permissions`,
          json: { user: "{{ 1.managerEmail }}", accessRights: [s.mailboxAccess] },
        }),
        httpStep("reclaim_licenses", "Reclaim paid licences", "directory", c, { path: `${user}/assignLicense`, json: { addLicenses: [], removeLicenses: "{{ 4.removeLicenses }}" } }),
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
