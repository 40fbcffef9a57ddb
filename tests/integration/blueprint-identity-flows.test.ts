// Blueprints 1 (new hire) and 4 (leaver), installed through the API and run by real
// deliveries to their webhook URLs against the fake MSP stack.
import { describe, expect, it } from "vitest";
import { blueprintBySlug } from "@/lib/blueprints";
import { FAKE_AUTH_HEADERS as AUTH } from "@/tests/fakes/msp-connections";
import { all, calls, deliver, goLive, install, resetRequests, stepOutput, stepStatuses, blueprintEnvForFile } from "./blueprint-fixtures";

const env = blueprintEnvForFile();
const DOMAIN = "contoso-dental.com";

describe("blueprint 1: new-hire provisioning", () => {
  it("creates the user with the generated name and password, assigns access, invites, records and notifies", async () => {
    const wf = await install(env, "new-hire-provisioning", blueprintBySlug("new-hire-provisioning")!.exampleSetup as Record<string, unknown>);
    const live = await goLive(env, wf.id);
    resetRequests(env.stack);

    const run = await deliver(env, live, { firstName: "Ana", lastName: "Silva", department: "Clinical", managerEmail: `maria.lopez@${DOMAIN}`, jobTitle: "Dental Hygienist" });
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:succeeded"]);
    const identity = stepOutput(run, 2);
    const upn = `ana.silva@${DOMAIN}`;
    expect(identity).toMatchObject({ userPrincipalName: upn, licenses: ["O365_BUSINESS_PREMIUM"], groups: ["grp-all-staff", "grp-clinical"], vaultCollections: ["col-shared-clinic"] });
    const password = identity.temporaryPassword as string;
    expect(password).toMatch(/^.{16}$/);

    expect(calls(env.stack)).toEqual([
      "directory POST /v1.0/users",
      "directory POST /v1.0/$batch",
      "password-manager POST /public/members",
      "documentation POST /api/organizations/ORG-311/contacts",
      "chat POST /hooks/it-onboarding",
    ]);
    const [create, batch, invite, contact, chat] = all(env.stack);
    expect(create.headers.authorization).toBe(AUTH.directory.authorization);
    expect(create.body).toEqual({
      accountEnabled: true,
      displayName: "Ana Silva",
      givenName: "Ana",
      surname: "Silva",
      userPrincipalName: upn,
      mailNickname: "ana.silva",
      department: "Clinical",
      jobTitle: "Dental Hygienist",
      usageLocation: "US",
      passwordProfile: { password, forceChangePasswordNextSignIn: true },
    });
    expect((batch.body as { requests: { method: string; url: string; body: unknown }[] }).requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", `/users/${upn}/assignLicense`, { addLicenses: [{ skuId: "O365_BUSINESS_PREMIUM" }], removeLicenses: [] }],
      ["POST", "/groups/grp-all-staff/members/$ref", { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${upn}` }],
      ["POST", "/groups/grp-clinical/members/$ref", { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${upn}` }],
    ]);
    expect(invite.body).toEqual({ email: upn, name: "Ana Silva", type: "User", collections: ["col-shared-clinic"] });
    expect(contact.headers["x-api-key"]).toBe(AUTH.documentation["x-api-key"]);
    expect(contact.body).toMatchObject({ firstName: "Ana", lastName: "Silva", email: upn, department: "Clinical", manager: `maria.lopez@${DOMAIN}` });
    expect((chat.body as { text: string }).text).toContain(`maria.lopez@${DOMAIN}: the account for Ana Silva (Clinical) is ready — ${upn}`);

    // The fakes' state agrees.
    const user = env.stack.directory.findUser(upn)!;
    expect(user.licenses).toEqual(["O365_BUSINESS_PREMIUM"]);
    expect(env.stack.directory.state.passwords.get(user.id)).toBe(password);
    expect(env.stack.directory.state.groups.get("grp-clinical")!.members.has(user.id)).toBe(true);
    expect(env.stack.passwordManager.member(upn)).toMatchObject({ status: "Invited", collections: ["col-shared-clinic"] });

    // The temporary password is in no log line, no chat message, no process output.
    expect(JSON.stringify(run.steps.map((s: { logs: unknown }) => s.logs))).not.toContain(password);
    expect(JSON.stringify(chat.body)).not.toContain(password);
    expect(env.worker.output() + env.web.output()).not.toContain(password);
  });
});

describe("blueprint 4: leaver deprovisioning", () => {
  it("calls every listed operation once, in order, and appends the completed actions to the ticket", async () => {
    const setup = blueprintBySlug("leaver-deprovisioning")!.exampleSetup as Record<string, unknown>;
    const live = await goLive(env, (await install(env, "leaver-deprovisioning", setup)).id);
    resetRequests(env.stack);
    const upn = `jamie.reed@${DOMAIN}`;
    const manager = `maria.lopez@${DOMAIN}`;

    const run = await deliver(env, live, { ticketId: 2001, userPrincipalName: upn, displayName: "Jamie Reed", managerEmail: manager });
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run).every((s) => s.endsWith(":succeeded"))).toBe(true);
    expect(all(env.stack).map((r) => [r.fake, r.method, r.path, r.body])).toEqual([
      ["directory", "PATCH", `/v1.0/users/${upn}`, { accountEnabled: false }],
      ["directory", "POST", `/v1.0/users/${upn}/revokeSignInSessions`, {}],
      ["directory", "POST", `/v1.0/users/${upn}/mailbox/convert`, { type: "shared" }],
      ["directory", "POST", `/v1.0/users/${upn}/mailbox/permissions`, { user: manager, accessRights: ["FullAccess"] }],
      ["directory", "POST", `/v1.0/users/${upn}/assignLicense`, { addLicenses: [], removeLicenses: ["O365_BUSINESS_PREMIUM", "VISIOCLIENT"] }],
      ["password-manager", "POST", `/public/members/${upn}/collections/remove`, { collectionIds: ["col-shared-clinic", "col-billing"] }],
      ["documentation", "PATCH", `/api/organizations/ORG-311/contacts/by-email/${upn}`, { status: "inactive", notes: "Left the company; deprovisioned under ticket 2001" }],
      ["psa", "POST", "/service/tickets/2001/notes", { text: expect.any(String), internal: true }],
    ]);

    const user = env.stack.directory.findUser(upn)!;
    expect(user).toMatchObject({ accountEnabled: false, licenses: [], mailbox: { type: "shared", delegates: [{ user: manager, accessRights: ["FullAccess"] }] } });
    expect(user.signInSessionsRevokedAt).not.toBeNull();
    expect(env.stack.passwordManager.member(upn)!.collections).toEqual([]);
    expect(env.stack.documentation.contact(upn)!.status).toBe("inactive");
    const note = env.stack.psa.ticket(2001)!.notes.at(-1)!;
    expect(note.text).toBe(
      [
        `Offboarding of ${upn} completed by automation:`,
        "- Sign-in blocked in the directory",
        "- All sign-in sessions revoked",
        "- Mailbox converted to a shared mailbox",
        `- FullAccess to the mailbox delegated to ${manager}`,
        "- Paid licences reclaimed: O365_BUSINESS_PREMIUM, VISIOCLIENT (remaining: [])",
        '- Removed from password-vault collections: ["col-shared-clinic","col-billing"]',
        "- Contact set inactive in IT documentation (contact 5001)",
      ].join("\n"),
    );
  });

  it("stops before the ticket note when a call fails, so the ticket never claims undone work", async () => {
    const live = await goLive(env, (await install(env, "leaver-deprovisioning", blueprintBySlug("leaver-deprovisioning")!.exampleSetup as Record<string, unknown>, "Leaver (2)")).id);
    resetRequests(env.stack);
    const run = await deliver(env, live, { ticketId: 2001, userPrincipalName: `nobody@${DOMAIN}`, managerEmail: `maria.lopez@${DOMAIN}` });
    expect(run.status).toBe("failed");
    expect(run.steps[1]).toMatchObject({ number: 2, status: "failed" });
    expect(run.steps[1].error).toMatch(/404/);
    expect(calls(env.stack)).toEqual([`directory PATCH /v1.0/users/nobody@${DOMAIN}`]);
  });
});
