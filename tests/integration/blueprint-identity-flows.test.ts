// Blueprints 1 (new hire) and 4 (leaver), installed through the API and run by real
// deliveries to their webhook URLs against the fake MSP stack.
import { describe, expect, it } from "vitest";
import { blueprintBySlug } from "@/lib/blueprints";
import { DEMO_GROUPS as G, DEMO_SKUS as SKU } from "@/tests/fakes/demo-data";
import { FAKE_AUTH_HEADERS as AUTH } from "@/tests/fakes/msp-connections";
import { all, calls, deliver, goLive, install, resetRequests, stepOutput, stepStatuses, blueprintEnvForFile } from "./blueprint-fixtures";

const env = blueprintEnvForFile();
const DOMAIN = "contoso-dental.com";
/** The Testing data a blueprint installs with its example setup: what Test & Debug sends. */
const testingData = (slug: string) => {
  const b = blueprintBySlug(slug)!;
  return b.build(b.setup.parse(b.exampleSetup), {}).steps[0].config.testingData;
};

describe("blueprint 1: new-hire provisioning", () => {
  it("creates the user with the generated name and password, assigns access by skuId and object id, invites, records and notifies", async () => {
    const wf = await install(env, "new-hire-provisioning", blueprintBySlug("new-hire-provisioning")!.exampleSetup as Record<string, unknown>);
    const live = await goLive(env, wf.id);
    resetRequests(env.stack);

    const hire = { firstName: "Ana", lastName: "Silva", department: "Clinical", managerEmail: `maria.lopez@${DOMAIN}`, jobTitle: "Dental Hygienist" };
    expect(testingData("new-hire-provisioning")).toEqual(hire);
    const run = await deliver(env, live, hire);
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:succeeded", "8:succeeded", "9:succeeded", "10:succeeded"]);
    const identity = stepOutput(run, 2);
    const upn = `ana.silva@${DOMAIN}`;
    expect(identity).toMatchObject({ userPrincipalName: upn, licenses: ["O365_BUSINESS_PREMIUM"], groups: [G.allStaff, G.clinical], vaultCollections: ["col-shared-clinic"] });
    const password = identity.temporaryPassword as string;
    expect(password).toMatch(/^.{16}$/);

    expect(calls(env.stack)).toEqual([
      "directory POST /v1.0/users",
      "directory POST /v1.0/$batch",
      "directory POST /v1.0/$batch",
      "password-manager POST /public/members",
      "documentation POST /api/organizations/ORG-311/contacts",
      "chat POST /hooks/it-onboarding",
    ]);
    const [create, lookups, batch, invite, contact, chat] = all(env.stack);
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
    const id = (stepOutput(run, 3).body as { id: string }).id;
    expect(id).toBe(env.stack.directory.findUser(upn)!.id);
    type Batch = { requests: { method: string; url: string; body?: unknown }[] };
    expect((lookups.body as Batch).requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["GET", "/subscribedSkus?$select=skuId,skuPartNumber", undefined],
      ["POST", "/directoryObjects/getByIds", { ids: [G.allStaff, G.clinical], types: ["group"] }],
    ]);
    // Graph's shapes: licences by skuId, members by the created user's object id.
    expect((batch.body as Batch).requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", `/users/${id}/assignLicense`, { addLicenses: [{ skuId: SKU.O365_BUSINESS_PREMIUM, disabledPlans: [] }], removeLicenses: [] }],
      ["POST", `/groups/${G.allStaff}/members/$ref`, { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${id}` }],
      ["POST", `/groups/${G.clinical}/members/$ref`, { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${id}` }],
    ]);
    expect((stepOutput(run, 6).body as { responses: { status: number }[] }).responses.map((r) => r.status)).toEqual([200, 204, 204]);
    expect(stepOutput(run, 7)).toEqual({ assigned: ["licence O365_BUSINESS_PREMIUM", "group All Staff", "group Clinical Team"] });
    expect(invite.body).toEqual({ email: upn, name: "Ana Silva", type: "User", collections: ["col-shared-clinic"] });
    expect(contact.headers["x-api-key"]).toBe(AUTH.documentation["x-api-key"]);
    expect(contact.body).toMatchObject({ firstName: "Ana", lastName: "Silva", email: upn, department: "Clinical", manager: `maria.lopez@${DOMAIN}` });
    expect((chat.body as { text: string }).text).toContain(`maria.lopez@${DOMAIN}: the account for Ana Silva (Clinical) is ready — ${upn}. Licences: O365_BUSINESS_PREMIUM. Groups: All Staff, Clinical Team.`);

    // The fakes' state agrees.
    const user = env.stack.directory.findUser(upn)!;
    expect(user.licenses).toEqual([SKU.O365_BUSINESS_PREMIUM]);
    expect(env.stack.directory.state.passwords.get(user.id)).toBe(password);
    expect(env.stack.directory.state.groups.get(G.clinical)!.members.has(user.id)).toBe(true);
    expect(env.stack.passwordManager.member(upn)).toMatchObject({ status: "Invited", collections: ["col-shared-clinic"] });

    // The temporary password is in no log line, no chat message, no process output.
    expect(JSON.stringify(run.steps.map((s: { logs: unknown }) => s.logs))).not.toContain(password);
    expect(JSON.stringify(chat.body)).not.toContain(password);
    expect(env.worker.output() + env.web.output()).not.toContain(password);
  });

  // Graph answers 200 for a $batch as a whole; a request refused inside it has its own status.
  // Before the check step the run went on and told the manager the account was ready.
  it("fails the run when the directory refuses a request inside the assigning $batch, naming it with Graph's message; no 'ready' message", async () => {
    const live = await goLive(env, (await install(env, "new-hire-provisioning", blueprintBySlug("new-hire-provisioning")!.exampleSetup as Record<string, unknown>, "New hire (refused group)")).id);
    resetRequests(env.stack);
    // A mail-enabled security group takes no members through Graph.
    const undo = env.stack.directory.refuse({
      method: "POST",
      path: `/groups/${G.clinical}/members/$ref`,
      status: 400,
      code: "Request_BadRequest",
      message: "Cannot Update a mail-enabled security groups and or distribution list.",
    });
    try {
      const run = await deliver(env, live, { firstName: "Ben", lastName: "Ortiz", department: "Clinical", managerEmail: `maria.lopez@${DOMAIN}` });
      expect(run.status).toBe("failed");
      expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:failed", "8:skipped", "9:skipped", "10:skipped"]);
      expect(run.steps[6]).toMatchObject({ name: "Check every assignment succeeded" });
      const upn = `ben.ortiz@${DOMAIN}`;
      expect(run.steps[6].error).toContain(
        `code step failed: 1 of 3 assignments for ${upn} failed in the directory, so the account is not ready: ` +
          "group Clinical Team: 400 Request_BadRequest — Cannot Update a mail-enabled security groups and or distribution list. " +
          "Done: licence O365_BUSINESS_PREMIUM, group All Staff. Not sent again (the others took effect): assign what failed by hand, " +
          "then invite the user to the password manager, record the contact and tell the manager",
      );
      // The $batch itself was a 200, so the HTTP step succeeded and was not retried.
      expect(stepOutput(run, 6).status).toBe(200);
      // Nothing after the check: no invitation, no contact record, no chat saying the account is ready.
      expect(calls(env.stack)).toEqual(["directory POST /v1.0/users", "directory POST /v1.0/$batch", "directory POST /v1.0/$batch"]);
      const user = env.stack.directory.findUser(upn)!;
      expect(env.stack.directory.state.groups.get(G.clinical)!.members.has(user.id)).toBe(false);
    } finally {
      undo();
    }
  });

  it("a throttled request inside the $batch (429 with Retry-After) fails the run saying how long Graph asked to wait; the $batch is not sent again", async () => {
    const live = await goLive(env, (await install(env, "new-hire-provisioning", blueprintBySlug("new-hire-provisioning")!.exampleSetup as Record<string, unknown>, "New hire (throttled)")).id);
    resetRequests(env.stack);
    const undo = env.stack.directory.refuse({
      method: "POST",
      path: /^\/users\/[^/]+\/assignLicense$/,
      status: 429,
      code: "TooManyRequests",
      message: "Application is over its MailboxConcurrency limit.",
      headers: { "Retry-After": "30" },
    });
    try {
      const run = await deliver(env, live, { firstName: "Cleo", lastName: "Park", department: "Front Desk", managerEmail: `maria.lopez@${DOMAIN}` });
      expect(run.status).toBe("failed");
      expect(run.steps[6]).toMatchObject({ number: 7, status: "failed" });
      expect(run.steps[6].error).toContain(
        "1 of 3 assignments for cleo.park@contoso-dental.com failed in the directory, so the account is not ready: " +
          "licence O365_BUSINESS_PREMIUM: 429 TooManyRequests — Application is over its MailboxConcurrency limit (throttled; Graph asks to wait 30 s). " +
          "Done: group All Staff, group Front Desk. Not sent again (the others took effect): after the wait, assign what failed by hand",
      );
      expect(calls(env.stack).filter((c) => c === "directory POST /v1.0/$batch")).toHaveLength(2);
      expect(env.stack.directory.findUser(`cleo.park@${DOMAIN}`)!.licenses).toEqual([]);
    } finally {
      undo();
    }
  });
});

describe("blueprint 4: leaver deprovisioning", () => {
  it("calls every listed operation once, in order, and appends the completed actions to the ticket as plain text", async () => {
    const setup = blueprintBySlug("leaver-deprovisioning")!.exampleSetup as Record<string, unknown>;
    const live = await goLive(env, (await install(env, "leaver-deprovisioning", setup)).id);
    resetRequests(env.stack);
    const upn = `jamie.reed@${DOMAIN}`;
    const manager = `maria.lopez@${DOMAIN}`;

    const leaver = { ticketId: 2001, userPrincipalName: upn, displayName: "Jamie Reed", managerEmail: manager };
    expect(testingData("leaver-deprovisioning")).toEqual(leaver);
    const run = await deliver(env, live, leaver);
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run).every((s) => s.endsWith(":succeeded"))).toBe(true);
    const id = env.stack.directory.findUser(upn)!.id;
    expect(all(env.stack).map((r) => [r.fake, r.method, r.path, r.body])).toEqual([
      ["directory", "GET", `/v1.0/users/${upn}`, null],
      ["directory", "GET", "/v1.0/subscribedSkus", null],
      ["directory", "PATCH", `/v1.0/users/${id}`, { accountEnabled: false }],
      ["directory", "POST", `/v1.0/users/${id}/revokeSignInSessions`, {}],
      ["directory", "POST", `/v1.0/users/${id}/mailbox/convert`, { type: "shared" }],
      ["directory", "POST", `/v1.0/users/${id}/mailbox/permissions`, { user: manager, accessRights: ["FullAccess"] }],
      ["directory", "POST", `/v1.0/users/${id}/assignLicense`, { addLicenses: [], removeLicenses: [SKU.O365_BUSINESS_PREMIUM, SKU.VISIOCLIENT] }],
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
        `Offboarding of Jamie Reed (${upn}) completed by automation:`,
        "- Sign-in blocked in the directory",
        "- All sign-in sessions revoked",
        "- Mailbox converted to a shared mailbox",
        `- FullAccess to the mailbox delegated to ${manager}`,
        "- Paid licences reclaimed: O365_BUSINESS_PREMIUM, VISIOCLIENT (still assigned: none)",
        "- Removed from password-vault collections: col-shared-clinic, col-billing",
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
    expect(calls(env.stack)).toEqual([`directory GET /v1.0/users/nobody@${DOMAIN}`]);
  });

  // Each of the eight actions is its own HTTP Request (no $batch): a refusal is that step's
  // non-2xx, which fails it with Graph's message; a throttled one is retried after Retry-After.
  it("a throttled action is retried after Retry-After; a refused one fails its step with Graph's message and no note is added", async () => {
    const live = await goLive(env, (await install(env, "leaver-deprovisioning", blueprintBySlug("leaver-deprovisioning")!.exampleSetup as Record<string, unknown>, "Leaver (3)")).id);
    resetRequests(env.stack);
    const upn = `dan.brooks@${DOMAIN}`;
    const id = env.stack.directory.findUser(upn)!.id;
    const undo = [
      env.stack.directory.refuse({ method: "PATCH", path: `/users/${id}`, status: 503, code: "ServiceUnavailable", message: "Service unavailable.", headers: { "Retry-After": "1" }, times: 1 }),
      env.stack.directory.refuse({
        method: "POST",
        path: `/users/${id}/assignLicense`,
        status: 400,
        code: "Request_BadRequest",
        message: "User license is inherited from a group membership and it cannot be removed directly from the user.",
      }),
    ];
    try {
      const run = await deliver(env, live, { ticketId: 2001, userPrincipalName: upn, displayName: "Dan Brooks", managerEmail: `maria.lopez@${DOMAIN}` });
      expect(run.status).toBe("failed");
      expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:succeeded", "8:succeeded", "9:failed", "10:skipped", "11:skipped", "12:skipped"]);
      expect(run.steps[4]).toMatchObject({ number: 5, status: "succeeded", attempts: 2 });
      expect(env.stack.directory.findUser(upn)!.accountEnabled).toBe(false);
      expect(run.steps[8].error).toMatch(/^HTTP 400 from POST .*\/assignLicense: .*User license is inherited from a group membership and it cannot be removed directly from the user\./);
      const sent = calls(env.stack);
      expect(sent.filter((c) => c === `directory PATCH /v1.0/users/${id}`)).toHaveLength(2);
      expect(sent.at(-1)).toBe(`directory POST /v1.0/users/${id}/assignLicense`);
      expect(sent.some((c) => c.startsWith("psa "))).toBe(false);
    } finally {
      undo.forEach((u) => u());
    }
  });
});
