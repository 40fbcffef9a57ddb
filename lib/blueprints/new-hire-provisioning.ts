// Blueprint 1: new-hire provisioning. Webhook (HR form / PSA) → Code (principal name and
// temporary password, licences and groups for the department) → directory user creation →
// licence and group assignment (look up SKUs and groups, build, one Graph $batch by the new
// user's object id, check each answer inside it, send again only what Graph refused for now, in
// up to two rounds) → password-manager invite → contact record → chat message to the manager.
import { z } from "@/lib/z";
import { chatStep, defineBlueprint, httpStep, literal, type BlueprintStep, type Connections } from "./blueprint";
import { NEW_HIRE_ACCESS_CODE } from "./new-hire-access-code";
import { checkRoundSteps, NEW_HIRE_RESEND_ROUNDS, newHireCheckCode } from "./new-hire-check-code";

// Microsoft Graph assigns licences by skuId, a GUID a technician rarely has at hand; the part
// number (SPE_E3) is what the admin centre's licence export and Get-MgSubscribedSku show, so
// the setup takes either and each run matches it against the tenant's subscribed SKUs.
const SKU_HELP = "Part numbers such as O365_BUSINESS_PREMIUM or SPE_E3, as the Microsoft 365 admin centre's licence export shows them (a skuId GUID works too); matched against the tenant's subscribed SKUs at each run";
const GROUP_HELP = "Group object ids (Entra admin centre → Groups → the group → Object ID)";

const list = (title: string, description: string) => z.array(z.string().trim().min(1)).default([]).meta({ title, description });

const department = z.strictObject({
  name: z.string().trim().min(1).meta({ title: "Department", description: "As HR sends it, e.g. Clinical (matched without regard to case)" }),
  licenses: list("Licence SKUs", SKU_HELP),
  groups: list("Groups", GROUP_HELP),
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
    .object({ licenses: list("Licence SKUs", `Given to every new hire. ${SKU_HELP}`), groups: list("Groups", `Joined by every new hire. ${GROUP_HELP}`), vaultCollections: list("Vault collections", "Shared with every new hire") })
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

// Runs in the isolated code step: derives the principal name and a temporary password, picks
// licences, groups and vault collections for the department, and the directory lookups (the
// tenant's SKUs, the groups' names) that step 5 needs. Nothing here logs the password; it
// leaves the step only in its output, for the user-creation call.
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
const lookups = [{ id: "skus", method: "GET", url: "/subscribedSkus?$select=skuId,skuPartNumber" }];
if (groups.length) lookups.push({ id: "groups", method: "POST", url: "/directoryObjects/getByIds", headers: { "Content-Type": "application/json" }, body: { ids: groups, types: ["group"] } });
return {
  userPrincipalName: upn,
  mailNickname: local,
  displayName: String(hire.firstName).trim() + " " + String(hire.lastName).trim(),
  department: department || null,
  departmentMatched: Boolean(match),
  temporaryPassword: chars.join(""),
  licenses, groups, vaultCollections,
  lookups: { requests: lookups },
};`;
}

// Graph answers 200 for a $batch even when a request inside it fails: each $batch is checked by
// the Code step after it, and what Graph refused for now (throttled, busy, the new user not yet
// replicated) is sent again after the wait it returns (new-hire-check-code.ts).
function assignmentChecks(c: Connections): BlueprintStep[] {
  const out: BlueprintStep[] = [{ id: "check_access", kind: "code", name: "Check every assignment succeeded", config: { code: newHireCheckCode(0), timeoutMs: 5_000 } }];
  for (let round = 1; round <= NEW_HIRE_RESEND_ROUNDS; round++) {
    const previous = checkRoundSteps(round - 1).check;
    const of = `(${round} of ${NEW_HIRE_RESEND_ROUNDS})`;
    out.push(
      { id: `wait_resend_${round}`, kind: "wait", name: `Wait as the directory asks ${of}`, config: { mode: "until", at: `{{ ${previous}.retryAt }}` } },
      httpStep(`resend_access_${round}`, `Send again what the directory refused for now ${of}`, "directory", c, { path: "/$batch", json: `{{ ${previous}.resend }}` }),
      { id: `check_resend_${round}`, kind: "code", name: `Check what was sent again ${of}`, config: { code: newHireCheckCode(round), timeoutMs: 5_000 } },
    );
  }
  return out;
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
        initialDescription: "Account {{ 2.userPrincipalName }} created by automation.\nManager: {{ 1.managerEmail }}\nLicences:\n{{ 5.licensesList }}\nGroups:\n{{ 5.groupsList }}",
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
  version: 3,
  changes: [
    { version: 1, note: "Creates the user, assigns licences and groups in one Graph $batch, invites to the password manager, records the contact and tells the manager (9 steps)." },
    { version: 2, note: "Checks every answer inside the assigning $batch: Graph answers 200 for the batch even when a licence or group in it was refused, so v1 told the manager the account was ready when it was not. 10 steps." },
    { version: 3, note: "Requests Graph refused for now (throttled 429/503/504, or 404 while the new user reaches every replica) are sent again alone after Graph's Retry-After, in two more rounds; v2 failed the run at the first throttling. 16 steps." },
  ],
  purpose:
    "Creates the directory user with a generated principal name and temporary password, assigns licences and groups for the department, invites the hire to the password manager, records the contact in the documentation (or ticketing) system and tells the manager in chat.",
  description:
    "Trigger: a webhook from the HR form or PSA with firstName, lastName, department and managerEmail (jobTitle optional). The Code step derives the principal name in the chosen format on the client's domain (workspace variable CLIENT_DOMAIN) and a random temporary password the user must change at first sign-in; the password is never logged and is not posted to chat. Then licences and groups: one directory $batch looks up the tenant's subscribed SKUs and the groups' names, a second Code step matches the setup against them (licences are set up by part number such as SPE_E3 — a skuId GUID works too — and groups by their Entra object id; an entry the tenant does not know fails the run there, naming it) and builds one $batch that assigns the licences by skuId and adds the new user, by the object id the creation returned, to each group. The directory answers such a $batch with 200 even when a request inside it is refused, so a third Code step reads each inner answer. A request refused for now — throttled or busy (429, 503, 504), or 404 because the user just created has not reached every directory replica yet — is sent again on its own (the batch's other requests took effect) after the wait Graph's Retry-After asks for (at most 5 minutes: asked for longer, the run fails saying so) or, without one, 5 s and then 20 s: a Wait step, a $batch of only those requests and another check, in two rounds, so three attempts in all. A round with nothing left to send reads the user back once instead, since an HTTP step always sends. Any other refusal (a group that takes no members, a licence with no seats left), or one still refused after the third attempt, fails the run there, before the invitation, record and chat, naming each failed licence or group with the directory's message, and what was done; the technician assigns what failed by hand. The contact record and chat list licences and groups by name. The chat message tells the manager the account is ready, without the password.",
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
    // Object ids of the groups All Staff, Clinical Team, Front Desk and Billing in the demo tenant.
    everyone: { licenses: ["O365_BUSINESS_PREMIUM"], groups: ["0f3d6c2a-5b1e-4d8a-9c47-2e6b1a8f3d10"], vaultCollections: [] },
    departments: [
      { name: "Clinical", licenses: [], groups: ["6a1e9b34-7c2d-4f05-8e3b-91d4c7a2b6e5"], vaultCollections: ["col-shared-clinic"] },
      { name: "Front Desk", licenses: [], groups: ["b8c47e1d-2a9f-4b63-a5d0-3f7e6c1b9a24"], vaultCollections: ["col-front-desk"] },
      { name: "Billing", licenses: ["VISIOCLIENT"], groups: ["d2e5a8f1-4c7b-49e0-b3a6-8f1c2d5e7a93"], vaultCollections: ["col-billing"] },
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
      httpStep("lookup_access", "Look up licences and groups", "directory", c, { path: "/$batch", json: "{{ 2.lookups }}" }),
      { id: "access", kind: "code", name: "Licence ids and group memberships", config: { code: NEW_HIRE_ACCESS_CODE, timeoutMs: 5_000 } },
      httpStep("assign_access", "Assign licences and groups", "directory", c, { path: "/$batch", json: "{{ 5.assignments }}" }),
      ...assignmentChecks(c),
      httpStep("vault_invite", "Invite to the password manager", "password_manager", c, {
        path: "/public/members",
        json: { email: "{{ 2.userPrincipalName }}", name: "{{ 2.displayName }}", type: "User", collections: "{{ 2.vaultCollections }}" },
      }),
      contactStep(s, c),
      chatStep("notify_manager", "Tell the manager in chat", s.chatChannel, c, {
        text: "{{ 1.managerEmail }}: the account for {{ 2.displayName }} ({{ 1.department }}) is ready — {{ 2.userPrincipalName }}. Licences: {{ 5.licensesText }}. Groups: {{ 5.groupsText }}. A password-manager invitation is on its way; the temporary password comes from the service desk.",
      }),
    ],
  }),
});
