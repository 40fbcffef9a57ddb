// Fake identity directory, shaped like Microsoft Graph (v1.0): users (create, read, disable),
// license assignment, group membership, sign-in session revocation, mailbox conversion to
// shared plus delegation, and JSON batching ($batch) so one workflow step can do several calls.
import { randomUUID } from "node:crypto";
import { createRouter, FakeError, objectBody, requireString, startFakeServer, type FakeRequest, type FakeServer, type FakeServerOptions, type Router } from "./fake-server";

export type DirectoryUser = {
  id: string;
  userPrincipalName: string;
  displayName: string;
  givenName: string;
  surname: string;
  department: string | null;
  mail: string;
  accountEnabled: boolean;
  /** SKU part numbers, e.g. "SPE_E3". */
  licenses: string[];
  forceChangePasswordNextSignIn: boolean;
  signInSessionsRevokedAt: string | null;
  mailbox: { type: "user" | "shared"; delegates: { user: string; accessRights: string[] }[] };
};

export type DirectoryState = {
  users: Map<string, DirectoryUser>;
  /** group id -> { displayName, members: user ids } */
  groups: Map<string, { displayName: string; members: Set<string> }>;
  /** Temporary passwords set at creation, by user id — kept out of every response. */
  passwords: Map<string, string>;
};

export type DirectorySeed = {
  users?: (Partial<DirectoryUser> & { userPrincipalName: string })[];
  groups?: { id: string; displayName: string; members?: string[] }[];
};

export type DirectoryFake = FakeServer & { state: DirectoryState; findUser: (idOrUpn: string) => DirectoryUser | undefined };

const V = "/v1.0";

function newUser(u: Partial<DirectoryUser> & { userPrincipalName: string }): DirectoryUser {
  const [given = "", sur = ""] = u.userPrincipalName.split("@")[0].split(".");
  return {
    id: u.id ?? randomUUID(),
    userPrincipalName: u.userPrincipalName,
    displayName: u.displayName ?? `${given} ${sur}`.trim(),
    givenName: u.givenName ?? given,
    surname: u.surname ?? sur,
    department: u.department ?? null,
    mail: u.mail ?? u.userPrincipalName,
    accountEnabled: u.accountEnabled ?? true,
    licenses: u.licenses ?? [],
    forceChangePasswordNextSignIn: u.forceChangePasswordNextSignIn ?? false,
    signInSessionsRevokedAt: null,
    mailbox: u.mailbox ?? { type: "user", delegates: [] },
  };
}

export function directoryRoutes(state: DirectoryState): Router {
  const find = (idOrUpn: string) =>
    state.users.get(idOrUpn) ?? [...state.users.values()].find((u) => u.userPrincipalName.toLowerCase() === idOrUpn.toLowerCase());
  const user = (req: FakeRequest) => {
    const u = find(req.params.id);
    if (!u) throw new FakeError(404, `user ${req.params.id} not found`);
    return u;
  };
  const view = (u: DirectoryUser) => ({
    ...u,
    assignedLicenses: u.licenses.map((skuPartNumber) => ({ skuPartNumber })),
    memberOf: [...state.groups].filter(([, g]) => g.members.has(u.id)).map(([id, g]) => ({ id, displayName: g.displayName })),
  });
  const group = (id: string) => {
    const g = state.groups.get(id);
    if (!g) throw new FakeError(404, `group ${id} not found`);
    return g;
  };

  const router = createRouter();
  router
    .on("GET", `${V}/users/:id`, (req) => ({ body: view(user(req)) }))
    .on("POST", `${V}/users`, (req) => {
      const b = objectBody(req);
      const upn = requireString(b, "userPrincipalName");
      if (find(upn)) throw new FakeError(409, `another object with the same userPrincipalName ${upn} already exists`);
      const profile = (b.passwordProfile ?? {}) as { password?: string; forceChangePasswordNextSignIn?: boolean };
      // Graph's default policy: 8+ characters from three of four character classes.
      const pw = profile.password ?? "";
      const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
      if (pw.length < 8 || classes < 3) throw new FakeError(400, "passwordProfile.password does not meet the complexity requirements");
      const u = newUser({
        userPrincipalName: upn,
        displayName: requireString(b, "displayName"),
        givenName: String(b.givenName ?? ""),
        surname: String(b.surname ?? ""),
        department: typeof b.department === "string" ? b.department : null,
        mail: typeof b.mail === "string" ? b.mail : upn,
        accountEnabled: b.accountEnabled !== false,
        forceChangePasswordNextSignIn: profile.forceChangePasswordNextSignIn ?? true,
      });
      state.users.set(u.id, u);
      state.passwords.set(u.id, pw);
      return { status: 201, body: view(u) };
    })
    .on("PATCH", `${V}/users/:id`, (req) => {
      const u = user(req);
      const b = objectBody(req);
      if (typeof b.accountEnabled === "boolean") u.accountEnabled = b.accountEnabled;
      if (typeof b.department === "string") u.department = b.department;
      return { status: 204 };
    })
    .on("POST", `${V}/users/:id/assignLicense`, (req) => {
      const u = user(req);
      const b = objectBody(req);
      const add = ((b.addLicenses ?? []) as { skuId?: string; skuPartNumber?: string }[]).map((l) => l.skuPartNumber ?? l.skuId ?? "");
      const remove = ((b.removeLicenses ?? []) as string[]).map(String);
      if (add.some((s) => s === "")) throw new FakeError(400, "addLicenses items need a skuId");
      u.licenses = [...new Set([...u.licenses.filter((l) => !remove.includes(l)), ...add])];
      return { body: view(u) };
    })
    .on("POST", `${V}/groups/:gid/members/$ref`, (req) => {
      const g = group(req.params.gid);
      const ref = String(objectBody(req)["@odata.id"] ?? "");
      const u = find(ref.split("/").pop() ?? "");
      if (!u) throw new FakeError(404, `directory object ${ref} not found`);
      if (g.members.has(u.id)) throw new FakeError(400, "one or more added object references already exist");
      g.members.add(u.id);
      return { status: 204 };
    })
    .on("DELETE", `${V}/groups/:gid/members/:id/$ref`, (req) => {
      const u = user(req);
      if (!group(req.params.gid).members.delete(u.id)) throw new FakeError(404, "member not found in group");
      return { status: 204 };
    })
    .on("POST", `${V}/users/:id/revokeSignInSessions`, (req) => {
      user(req).signInSessionsRevokedAt = new Date().toISOString();
      return { body: { value: true } };
    })
    .on("POST", `${V}/users/:id/mailbox/convert`, (req) => {
      const u = user(req);
      const type = objectBody(req).type;
      if (type !== "shared" && type !== "user") throw new FakeError(400, 'type must be "shared" or "user"');
      u.mailbox.type = type;
      return { body: { userPrincipalName: u.userPrincipalName, recipientTypeDetails: type === "shared" ? "SharedMailbox" : "UserMailbox" } };
    })
    .on("POST", `${V}/users/:id/mailbox/permissions`, (req) => {
      const u = user(req);
      const b = objectBody(req);
      const delegate = requireString(b, "user");
      if (!find(delegate)) throw new FakeError(404, `delegate ${delegate} not found`);
      const accessRights = Array.isArray(b.accessRights) ? b.accessRights.map(String) : ["FullAccess"];
      u.mailbox.delegates.push({ user: delegate, accessRights });
      return { status: 201, body: { identity: u.userPrincipalName, user: delegate, accessRights } };
    })
    .on("POST", `${V}/$batch`, async (req) => {
      // Each sub-request goes through the same routes, in order; answers keep their ids.
      const subs = objectBody(req).requests;
      if (!Array.isArray(subs) || subs.length === 0 || subs.length > 20) throw new FakeError(400, "requests must hold 1 to 20 items");
      const responses = [];
      for (const s of subs as { id?: string; method?: string; url?: string; body?: unknown }[]) {
        const path = `${V}${String(s.url ?? "").startsWith("/") ? "" : "/"}${s.url ?? ""}`;
        const m = router.match(String(s.method ?? "GET"), path);
        try {
          if (!m) throw new FakeError(404, `${s.method} ${s.url} is not an endpoint`);
          const r = await m.handler({ ...req, method: String(s.method), path, body: s.body ?? null, params: m.params });
          responses.push({ id: s.id, status: r.status ?? 200, body: r.body ?? null });
        } catch (e) {
          responses.push({ id: s.id, status: e instanceof FakeError ? e.status : 500, body: { error: { message: (e as Error).message } } });
        }
      }
      return { body: { responses } };
    });
  return router;
}

export async function startDirectoryFake(seed: DirectorySeed = {}, opts?: FakeServerOptions): Promise<DirectoryFake> {
  const state: DirectoryState = { users: new Map(), groups: new Map(), passwords: new Map() };
  for (const u of seed.users ?? []) {
    const nu = newUser(u);
    state.users.set(nu.id, nu);
  }
  for (const g of seed.groups ?? []) {
    const members = new Set((g.members ?? []).map((m) => [...state.users.values()].find((u) => u.userPrincipalName === m || u.id === m)?.id ?? m));
    state.groups.set(g.id, { displayName: g.displayName, members });
  }
  const server = await startFakeServer("directory", directoryRoutes(state), opts);
  const findUser = (idOrUpn: string) =>
    state.users.get(idOrUpn) ?? [...state.users.values()].find((u) => u.userPrincipalName.toLowerCase() === idOrUpn.toLowerCase());
  return { ...server, state, findUser };
}
