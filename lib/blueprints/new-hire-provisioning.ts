// Blueprint 1: new-hire provisioning. Webhook (HR form / PSA) → Code (principal name and
// temporary password, licences and groups for the department) → directory user creation →
// licence and group assignment (one Graph $batch) → password-manager invite → contact record
// → chat message to the manager.
import { z } from "@/lib/z";
import { chatStep, defineBlueprint, httpStep, literal, type Connections } from "./blueprint";

const list = (title: string, description: string) => z.array(z.string().trim().min(1)).default([]).meta({ title, description });

const department = z.strictObject({
  name: z.string().trim().min(1).meta({ title: "Department", description: "As HR sends it, e.g. Clinical (matched without regard to case)" }),
  licenses: list("Licence SKUs", "SKU part numbers, e.g. SPE_E3"),
  groups: list("Groups", "Directory group ids"),
  vaultCollections: list("Vault collections", "Password-manager collection ids"),
});

// The Code step takes the first department whose name matches without regard to case, so a
// second "clinical" beside "Clinical" would never be applied: refused, naming the later entry.
function oneEntryPerDepartment(list: { name: string }[], ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  list.forEach((d, i) => {
    const first = seen.get(d.name.toLowerCase());
    if (first === undefined) return void seen.set(d.name.toLowerCase(), i);
    ctx.addIssue({
      code: "custom",
      path: [i, "name"],
      message: `is already listed as department ${first + 1} (${JSON.stringify(list[first].name)}; names match without regard to case): add its licences, groups and vault collections there`,
    });
  });
}

export const newHireSetup = z.strictObject({
  domain: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a domain such as contoso.com").meta({ title: "E-mail domain", description: "The client's sign-in domain" }),
  upnFormat: z.enum(["first.last", "firstlast", "flast", "first.l", "firstl"]).default("first.last").meta({ title: "Principal-name format", description: "first.last → ana.silva@…, flast → asilva@…" }),
  usageLocation: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code").default("US").meta({ title: "Usage location", description: "Required by the directory before licences can be assigned" }),
  passwordLength: z.number().int().min(12).max(64).default(16).meta({ title: "Temporary password length" }),
  everyone: z
    .object({ licenses: list("Licence SKUs", "Given to every new hire"), groups: list("Groups", "Joined by every new hire"), vaultCollections: list("Vault collections", "Shared with every new hire") })
    .default({ licenses: [], groups: [], vaultCollections: [] })
    .meta({ title: "For every new hire" }),
  departments: z.array(department).superRefine(oneEntryPerDepartment).default([]).meta({ title: "Per department", description: "Licences, groups and vault collections added for a department" }),
  contactRecord: z.enum(["documentation", "psa"]).default("documentation").meta({ title: "Contact record in", description: "documentation: a contact in the IT documentation platform; psa: an onboarding ticket" }),
  documentationOrganizationId: z.string().trim().default("").meta({ title: "Documentation organisation id", description: "Needed when the contact record goes to documentation" }),
  psaBoard: z.string().trim().min(1).default("Service Desk").meta({ title: "Ticket board", description: "Used when the contact record goes to the PSA" }),
  clientName: z.string().trim().min(1).meta({ title: "Client name", description: "Company name in the PSA" }),
  chatChannel: z.string().trim().min(1).default("it-onboarding").meta({ title: "Chat channel", description: "Incoming-webhook path of the channel the manager is told in" }),
}).refine((s) => s.contactRecord !== "documentation" || s.documentationOrganizationId !== "", {
  path: ["documentationOrganizationId"],
  message: "is required when the contact record goes to documentation",
});

type Setup = z.output<typeof newHireSetup>;

// Runs in the isolated code step: derives the principal name and a temporary password, and
// picks licences, groups and vault collections for the department. Nothing here logs the
// password; it leaves the step only in its output, for the user-creation call.
function code(s: Setup): string {
  return `const FORMAT = ${literal(s.upnFormat)};
const LENGTH = ${s.passwordLength};
const EVERYONE = ${literal(s.everyone)};
const DEPARTMENTS = ${literal(s.departments)};
const hire = steps[1] || {};
const clean = (v) => String(v ?? "").normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]/g, "");
const first = clean(hire.firstName), last = clean(hire.lastName);
if (!first || !last) throw new Error("the delivery needs firstName and lastName");
const local = { "first.last": first + "." + last, firstlast: first + last, flast: first[0] + last, "first.l": first + "." + last[0], firstl: first + last[0] }[FORMAT];
const domain = vars.CLIENT_DOMAIN;
if (!domain) throw new Error("the workspace variable CLIENT_DOMAIN has no value");
// Temporary password: at least one of each character class, the rest random, then shuffled.
const sets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnopqrstuvwxyz", "23456789", "!@#$%*?-_+="];
const all = sets.join("");
const rnd = (n) => { const b = new Uint32Array(1); crypto.getRandomValues(b); return b[0] % n; };
const chars = sets.map((set) => set[rnd(set.length)]);
while (chars.length < LENGTH) chars.push(all[rnd(all.length)]);
for (let i = chars.length - 1; i > 0; i--) { const j = rnd(i + 1); [chars[i], chars[j]] = [chars[j], chars[i]]; }
const department = String(hire.department ?? "").trim();
const match = DEPARTMENTS.find((d) => d.name.toLowerCase() === department.toLowerCase());
const pick = (k) => [...new Set([...EVERYONE[k], ...(match ? match[k] : [])])];
const upn = local + "@" + domain;
const licenses = pick("licenses"), groups = pick("groups"), vaultCollections = pick("vaultCollections");
const requests = [];
if (licenses.length) requests.push({ id: "licenses", method: "POST", url: "/users/" + upn + "/assignLicense", headers: { "Content-Type": "application/json" }, body: { addLicenses: licenses.map((skuId) => ({ skuId })), removeLicenses: [] } });
groups.forEach((g, i) => requests.push({ id: "group-" + (i + 1), method: "POST", url: "/groups/" + g + "/members/$ref", headers: { "Content-Type": "application/json" }, body: { "@odata.id": "https://graph.microsoft.com/v1.0/directoryObjects/" + upn } }));
return {
  userPrincipalName: upn,
  mailNickname: local,
  displayName: String(hire.firstName).trim() + " " + String(hire.lastName).trim(),
  department: department || null,
  departmentMatched: Boolean(match),
  temporaryPassword: chars.join(""),
  licenses, groups, vaultCollections,
  licensesText: licenses.join(", ") || "none",
  groupsText: groups.join(", ") || "none",
  assignments: { requests },
};`;
}

function contactStep(s: Setup, c: Connections) {
  if (s.contactRecord === "psa") {
    return httpStep("contact_record", "Onboarding ticket in the PSA", "psa", c, {
      path: "/service/tickets",
      json: {
        summary: "New hire: {{ 2.displayName }} ({{ 1.department }})",
        board: s.psaBoard,
        company: "{{ vars.CLIENT_NAME }}",
        type: "Onboarding",
        initialDescription: "Account {{ 2.userPrincipalName }} created by automation.\nManager: {{ 1.managerEmail }}\nLicences: {{ 2.licensesText }}\nGroups: {{ 2.groupsText }}",
      },
    });
  }
  return httpStep("contact_record", "Contact in IT documentation", "documentation", c, {
    path: "/api/organizations/{{ vars.DOC_ORGANIZATION_ID }}/contacts",
    json: {
      firstName: "{{ 1.firstName }}",
      lastName: "{{ 1.lastName }}",
      email: "{{ 2.userPrincipalName }}",
      title: "{{ 1.jobTitle }}",
      department: "{{ 1.department }}",
      manager: "{{ 1.managerEmail }}",
      notes: "Created by the new-hire workflow",
    },
  });
}

export const newHireProvisioning = defineBlueprint({
  number: 1,
  slug: "new-hire-provisioning",
  title: "New-hire provisioning",
  purpose:
    "Creates the directory user with a generated principal name and temporary password, assigns licences and groups for the department, invites the hire to the password manager, records the contact in the documentation (or ticketing) system and tells the manager in chat.",
  description:
    "Trigger: a webhook from the HR form or PSA with firstName, lastName, department and managerEmail (jobTitle optional). The Code step derives the principal name in the chosen format on the client's domain (workspace variable CLIENT_DOMAIN) and a random temporary password the user must change at first sign-in; the password is never logged and is not posted to chat. Licences and groups are assigned in one directory $batch call built by the Code step. The chat message tells the manager the account is ready, without the password.",
  trigger: { kind: "webhook", summary: "Webhook: firstName, lastName, department, managerEmail" },
  apps: ["directory", "password_manager", "documentation", "psa", "chat"],
  variables: [
    { key: "CLIENT_DOMAIN", description: "The client's sign-in domain", setupField: "domain" },
    { key: "DOC_ORGANIZATION_ID", description: "The client's organisation in the documentation platform", setupField: "documentationOrganizationId" },
    { key: "CLIENT_NAME", description: "The client's company name in the PSA", setupField: "clientName" },
  ],
  setup: newHireSetup,
  exampleSetup: {
    domain: "contoso-dental.com",
    clientName: "Contoso Dental",
    everyone: { licenses: ["O365_BUSINESS_PREMIUM"], groups: ["grp-all-staff"], vaultCollections: [] },
    departments: [
      { name: "Clinical", licenses: [], groups: ["grp-clinical"], vaultCollections: ["col-shared-clinic"] },
      { name: "Front Desk", licenses: [], groups: ["grp-front-desk"], vaultCollections: ["col-front-desk"] },
      { name: "Billing", licenses: ["VISIOCLIENT"], groups: ["grp-billing"], vaultCollections: ["col-billing"] },
    ],
    documentationOrganizationId: "ORG-311",
    chatChannel: "it-onboarding",
  },
  build: (s, c = {}) => ({
    name: "New-hire provisioning",
    steps: [
      {
        id: "new_hire",
        kind: "webhook",
        name: "New hire submitted",
        config: { testingData: { firstName: "Ana", lastName: "Silva", department: "Clinical", managerEmail: `maria.lopez@${s.domain}`, jobTitle: "Dental Hygienist" } },
      },
      { id: "identity", kind: "code", name: "Principal name and temporary password", config: { code: code(s), timeoutMs: 5_000 } },
      httpStep("create_user", "Create directory user", "directory", c, {
        path: "/users",
        json: {
          accountEnabled: true,
          displayName: "{{ 2.displayName }}",
          givenName: "{{ 1.firstName }}",
          surname: "{{ 1.lastName }}",
          userPrincipalName: "{{ 2.userPrincipalName }}",
          mailNickname: "{{ 2.mailNickname }}",
          department: "{{ 2.department }}",
          jobTitle: "{{ 1.jobTitle }}",
          usageLocation: s.usageLocation,
          passwordProfile: { password: "{{ 2.temporaryPassword }}", forceChangePasswordNextSignIn: true },
        },
      }),
      httpStep("assign_access", "Assign licences and groups", "directory", c, { path: "/$batch", json: "{{ 2.assignments }}" }),
      httpStep("vault_invite", "Invite to the password manager", "password_manager", c, {
        path: "/public/members",
        json: { email: "{{ 2.userPrincipalName }}", name: "{{ 2.displayName }}", type: "User", collections: "{{ 2.vaultCollections }}" },
      }),
      contactStep(s, c),
      chatStep("notify_manager", "Tell the manager in chat", s.chatChannel, c, {
        text: "{{ 1.managerEmail }}: the account for {{ 2.displayName }} ({{ 1.department }}) is ready — {{ 2.userPrincipalName }}. Licences: {{ 2.licensesText }}. Groups: {{ 2.groupsText }}. A password-manager invitation is on its way; the temporary password comes from the service desk.",
      }),
    ],
  }),
});
