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
/** "n:status" for steps from..to, all with one status. */
const range = (from: number, to: number, status: string) => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}:${status}`);
const newHire = (name: string) => install(env, "new-hire-provisioning", blueprintBySlug("new-hire-provisioning")!.exampleSetup as Record<string, unknown>, name);
type Batch = { requests: { id: string; method: string; url: string; body?: unknown }[] };
/** The $batch bodies the directory received, in order (the lookups first). */
const batches = () => all(env.stack).filter((r) => r.fake === "directory" && r.path === "/v1.0/$batch").map((r) => r.body as Batch);

describe("blueprint 1: new-hire provisioning", () => {
  it("creates the user with the generated name and password, assigns access by skuId and object id, invites, records and notifies", async () => {
    const wf = await install(env, "new-hire-provisioning", blueprintBySlug("new-hire-provisioning")!.exampleSetup as Record<string, unknown>);
    const live = await goLive(env, wf.id);
    resetRequests(env.stack);

    const hire = { firstName: "Ana", lastName: "Silva", department: "Clinical", managerEmail: `maria.lopez@${DOMAIN}`, jobTitle: "Dental Hygienist" };
    expect(testingData("new-hire-provisioning")).toEqual(hire);
    const run = await deliver(env, live, hire);
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(range(1, 16, "succeeded"));
    const identity = stepOutput(run, 2);
    const upn = `ana.silva@${DOMAIN}`;
    expect(identity).toMatchObject({ userPrincipalName: upn, licenses: ["O365_BUSINESS_PREMIUM"], groups: [G.allStaff, G.clinical], vaultCollections: ["col-shared-clinic"] });
    const password = identity.temporaryPassword as string;
    expect(password).toMatch(/^.{16}$/);

    // Nothing refused, so each of the two rounds of sending again only reads the user back.
    expect(calls(env.stack)).toEqual([
      "directory POST /v1.0/users",
      "directory POST /v1.0/$batch",
      "directory POST /v1.0/$batch",
      "directory POST /v1.0/$batch",
      "directory POST /v1.0/$batch",
      "password-manager POST /public/members",
      "documentation POST /api/organizations/ORG-311/contacts",
      "chat POST /hooks/it-onboarding",
    ]);
    const [create, lookups, batch, readBack1, readBack2, invite, contact, chat] = all(env.stack);
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
    const assigned = ["licence O365_BUSINESS_PREMIUM", "group All Staff", "group Clinical Team"];
    expect(stepOutput(run, 7)).toMatchObject({ assigned, left: [], waitSeconds: 0 });
    for (const b of [readBack1, readBack2]) expect(b.body).toEqual({ requests: [{ id: "read-back", method: "GET", url: `/users/${id}?$select=id` }] });
    expect(stepOutput(run, 8)).toMatchObject({ waited: false });
    expect(stepOutput(run, 13)).toEqual({ assigned });
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
    const live = await goLive(env, (await newHire("New hire (refused group)")).id);
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
      expect(stepStatuses(run)).toEqual([...range(1, 6, "succeeded"), "7:failed", ...range(8, 16, "skipped")]);
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

  // Graph's guidance for a throttled request inside a $batch: send that request again after
  // Retry-After. The others took effect, so only it is sent again.
  it("a request throttled inside the $batch (429 with Retry-After) is sent again on its own after the wait, and the run goes on", async () => {
    const live = await goLive(env, (await newHire("New hire (throttled once)")).id);
    resetRequests(env.stack);
    const undo = env.stack.directory.refuse({
      method: "POST",
      path: /^\/users\/[^/]+\/assignLicense$/,
      status: 429,
      code: "TooManyRequests",
      message: "Application is over its MailboxConcurrency limit.",
      headers: { "Retry-After": "2" },
      times: 1,
    });
    try {
      const upn = `cleo.park@${DOMAIN}`;
      const run = await deliver(env, live, { firstName: "Cleo", lastName: "Park", department: "Front Desk", managerEmail: `maria.lopez@${DOMAIN}` });
      expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
      expect(stepOutput(run, 7)).toMatchObject({ assigned: ["group All Staff", "group Front Desk"], left: ["licence O365_BUSINESS_PREMIUM"], waitSeconds: 2 });
      const id = env.stack.directory.findUser(upn)!.id;
      const [, first, again, readBack] = batches();
      expect(first.requests.map((r) => r.id)).toEqual(["licenses", "group-1", "group-2"]);
      // Only the throttled licence is sent again — a second members/$ref would be Graph's 400.
      expect(again.requests).toEqual([first.requests[0]]);
      expect(readBack.requests).toEqual([{ id: "read-back", method: "GET", url: `/users/${id}?$select=id` }]);
      // Not before the 2 s Graph asked for.
      const sent = all(env.stack).filter((r) => r.path === "/v1.0/$batch").map((r) => Date.parse(r.at));
      expect(sent[2] - sent[1]).toBeGreaterThanOrEqual(1_900);
      expect(stepOutput(run, 13)).toEqual({ assigned: ["group All Staff", "group Front Desk", "licence O365_BUSINESS_PREMIUM"] });
      expect(env.stack.directory.findUser(upn)!.licenses).toEqual([SKU.O365_BUSINESS_PREMIUM]);
      expect(calls(env.stack).slice(-3)).toEqual(["password-manager POST /public/members", "documentation POST /api/organizations/ORG-311/contacts", "chat POST /hooks/it-onboarding"]);
    } finally {
      undo();
    }
  });

  it("a request still throttled after three attempts fails the run at the last check, saying so; no 'ready' message", async () => {
    const live = await goLive(env, (await newHire("New hire (throttled)")).id);
    resetRequests(env.stack);
    const undo = env.stack.directory.refuse({
      method: "POST",
      path: /^\/users\/[^/]+\/assignLicense$/,
      status: 429,
      code: "TooManyRequests",
      message: "Application is over its MailboxConcurrency limit.",
      headers: { "Retry-After": "1" },
    });
    try {
      const upn = `dina.moss@${DOMAIN}`;
      const run = await deliver(env, live, { firstName: "Dina", lastName: "Moss", department: "Front Desk", managerEmail: `maria.lopez@${DOMAIN}` });
      expect(run.status).toBe("failed");
      expect(stepStatuses(run)).toEqual([...range(1, 12, "succeeded"), "13:failed", ...range(14, 16, "skipped")]);
      expect(run.steps[12].error).toMatch(
        new RegExp(
          `^code step failed: 1 of 3 assignments for ${upn.replace(/\./g, "\\.")} were still refused by the directory after 3 attempts over \\d+ s, so the account is not ready: ` +
            "licence O365_BUSINESS_PREMIUM: 429 TooManyRequests — Application is over its MailboxConcurrency limit \\(throttled; Graph asks to wait 1 s\\)\\. " +
            "Done: group All Staff, group Front Desk\\. After the wait, assign what failed by hand, then invite the user to the password manager",
        ),
      );
      const [, first, ...again] = batches();
      expect(again).toEqual([{ requests: [first.requests[0]] }, { requests: [first.requests[0]] }]);
      expect(calls(env.stack).some((c) => !c.startsWith("directory "))).toBe(false);
      expect(env.stack.directory.findUser(upn)!.licenses).toEqual([]);
    } finally {
      undo();
    }
  });

  it("a Retry-After longer than the run waits (over 300 s) fails the run at once, saying how long Graph asked for", async () => {
    const live = await goLive(env, (await newHire("New hire (throttled long)")).id);
    resetRequests(env.stack);
    const undo = env.stack.directory.refuse({ method: "POST", path: /^\/users\/[^/]+\/assignLicense$/, status: 429, code: "TooManyRequests", message: "Too many requests.", headers: { "Retry-After": "3600" } });
    try {
      const run = await deliver(env, live, { firstName: "Eli", lastName: "Stone", department: "Front Desk", managerEmail: `maria.lopez@${DOMAIN}` });
      expect(run.status).toBe("failed");
      expect(stepStatuses(run)).toEqual([...range(1, 6, "succeeded"), "7:failed", ...range(8, 16, "skipped")]);
      expect(run.steps[6].error).toContain(
        `1 of 3 assignments for eli.stone@${DOMAIN} were refused for now, and Graph asks to wait 3600 s before sending them again, longer than the 300 s this workflow waits, so the account is not ready: ` +
          "licence O365_BUSINESS_PREMIUM: 429 TooManyRequests — Too many requests (throttled; Graph asks to wait 3600 s). Done: group All Staff, group Front Desk. After the wait, assign what failed by hand",
      );
      expect(batches()).toHaveLength(2);
    } finally {
      undo();
    }
  });

  // A user just created is unknown, for a few seconds, to a directory replica the creation has
  // not reached: the assignments naming it answer 404 inside the $batch.
  it("assignments answered 404 just after the user was created (replication) are sent again after a few seconds, and the run goes on", async () => {
    const live = await goLive(env, (await newHire("New hire (replicating)")).id);
    resetRequests(env.stack);
    env.stack.directory.lagNextUser(3);
    const upn = `finn.holt@${DOMAIN}`;
    const run = await deliver(env, live, { firstName: "Finn", lastName: "Holt", department: "Clinical", managerEmail: `maria.lopez@${DOMAIN}` });
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    const labels = ["licence O365_BUSINESS_PREMIUM", "group All Staff", "group Clinical Team"];
    expect(stepOutput(run, 7)).toMatchObject({ assigned: [], left: labels, waitSeconds: 5 });
    expect((stepOutput(run, 6).body as { responses: { status: number }[] }).responses.map((r) => r.status)).toEqual([404, 404, 404]);
    const [, first, again] = batches();
    expect(again).toEqual(first);
    expect(stepOutput(run, 13)).toEqual({ assigned: labels });
    const user = env.stack.directory.findUser(upn)!;
    expect(user.licenses).toEqual([SKU.O365_BUSINESS_PREMIUM]);
    expect(env.stack.directory.state.groups.get(G.clinical)!.members.has(user.id)).toBe(true);
    expect(calls(env.stack).at(-1)).toBe("chat POST /hooks/it-onboarding");
  });

  it("a 404 that lasts past the rounds (about 25 s) fails the run naming it, not retried for ever", async () => {
    const live = await goLive(env, (await newHire("New hire (never found)")).id);
    resetRequests(env.stack);
    env.stack.directory.lagNextUser(Infinity);
    const upn = `gia.lund@${DOMAIN}`;
    const run = await deliver(env, live, { firstName: "Gia", lastName: "Lund", department: "Front Desk", managerEmail: `maria.lopez@${DOMAIN}` }, 90_000);
    expect(run.status).toBe("failed");
    expect(stepStatuses(run)).toEqual([...range(1, 12, "succeeded"), "13:failed", ...range(14, 16, "skipped")]);
    expect(stepOutput(run, 10)).toMatchObject({ waitSeconds: 20 });
    const error = run.steps[12].error as string;
    expect(error).toMatch(new RegExp(`^code step failed: 3 of 3 assignments for ${upn.replace(/\./g, "\\.")} were still refused by the directory after 3 attempts over (2[5-9]|[3-9]\\d) s`));
    expect(error).toContain("licence O365_BUSINESS_PREMIUM: 404 Request_ResourceNotFound — Resource '");
    expect(error).toContain("(the new user not known to the directory yet)");
    expect(error).toContain("Done: nothing. A 404 this long after the creation is no longer replication: check the user and the groups exist, then assign what failed by hand");
    expect(batches()).toHaveLength(4);
    expect(calls(env.stack).some((c) => !c.startsWith("directory "))).toBe(false);
  }, 120_000);
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
