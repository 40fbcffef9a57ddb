// Fake identity directory, shaped like Microsoft Graph (v1.0): users (create, read, disable),
// subscribed SKUs and license assignment by skuId, group membership by directory-object id,
// directoryObjects/getByIds, sign-in session revocation, mailbox conversion to shared plus
// delegation, and JSON batching ($batch) so one workflow step can do several calls.
// Where real Graph answers 400 to a shape (a part number for a skuId, a UPN in a member
// @odata.id), so does this fake, with Graph's error body — a blueprint that passes here must
// not fail against a real tenant for its request shapes. `refuse` makes one request fail as a
// tenant can (a mail-enabled group that takes no members, throttling), alone or inside a $batch,
// whose answer is still 200 then: the inner response carries the failure, as Graph's does.
// `lagNextUser(n)` makes the next user created unknown to its first n requests (404), as Graph's
// replicas are for a few seconds after a creation.
import { randomUUID } from "node:crypto";
import { createRouter, FakeError, startFakeServer, type FakeHandler, type FakeRequest, type FakeServer, type FakeServerOptions, type Router } from "./fake-server";

export type DirectoryUser = {
  id: string;
  userPrincipalName: string;
  displayName: string;
  givenName: string;
  surname: string;
  department: string | null;
  jobTitle: string | null;
  mail: string;
  accountEnabled: boolean;
  usageLocation: string | null;
  /** skuIds (GUIDs) of the assigned licences, as Graph keeps them. */
  licenses: string[];
  forceChangePasswordNextSignIn: boolean;
  signInSessionsRevokedAt: string | null;
  mailbox: { type: "user" | "shared"; delegates: { user: string; accessRights: string[] }[] };
};

export type SubscribedSku = { skuId: string; skuPartNumber: string; enabled: number };

export type DirectoryState = {
  users: Map<string, DirectoryUser>;
  /** group object id -> { displayName, members: user ids } */
  groups: Map<string, { displayName: string; members: Set<string> }>;
  skus: SubscribedSku[];
  /** Temporary passwords set at creation, by user id — kept out of every response. */
  passwords: Map<string, string>;
  refusals: DirectoryRefusal[];
  /** 404s the next created user still answers (lagNextUser). */
  nextUserLag: number;
  /** Users created moments ago, by id: how many more requests naming them answer 404. */
  replicating: Map<string, number>;
};

export type DirectorySeed = {
  /** `licenses` may name part numbers (e.g. "SPE_E3"); they are stored as the SKU's skuId. */
  users?: (Partial<DirectoryUser> & { userPrincipalName: string })[];
  groups?: { id: string; displayName: string; members?: string[] }[];
  subscribedSkus?: SubscribedSku[];
};

/** A request the directory refuses: `path` without /v1.0 (a string matches whole, a RegExp
 *  anywhere), answered with Graph's error body and `headers` (Retry-After for a 429 or 503). */
export type DirectoryRefusal = {
  method: string;
  path: string | RegExp;
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
  /** How many matching requests to refuse; every one when absent. */
  times?: number;
};

export type DirectoryFake = FakeServer & {
  state: DirectoryState;
  findUser: (idOrUpn: string) => DirectoryUser | undefined;
  /** Refuses matching requests from now on; the function returned takes the refusal back. */
  refuse: (r: DirectoryRefusal) => () => void;
  /** The next user created answers 404 to its first `n` requests that name it (by id or principal
   *  name, or as a member's @odata.id), as a read on a Graph replica the creation has not reached
   *  yet does; the creation's own 201 answers as usual. Infinity: a user that never appears. */
  lagNextUser: (n: number) => void;
};

const V = "/v1.0";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Graph error: `{ error: { code, message, innerError } }` with the status Graph uses. */
class GraphError extends FakeError {
  constructor(status: number, readonly code: string, message: string) {
    super(status, message);
  }
}
const badRequest = (message: string, code = "Request_BadRequest") => new GraphError(400, code, message);
const notFound = (id: string) => new GraphError(404, "Request_ResourceNotFound", `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`);

function graphErrorBody(e: unknown): { status: number; body: unknown; headers?: Record<string, string> } {
  const status = e instanceof FakeError ? e.status : 500;
  const code = e instanceof GraphError ? e.code : status === 404 ? "Request_ResourceNotFound" : "Request_BadRequest";
  const innerError = { date: new Date().toISOString().slice(0, 19), "request-id": randomUUID(), "client-request-id": randomUUID() };
  return { status, body: { error: { code, message: (e as Error).message, innerError } } };
}

/** The refusal answer for a request, if one matches (and counts it). */
function refusalFor(state: DirectoryState, method: string, path: string) {
  const bare = path.startsWith(V) ? path.slice(V.length) : path;
  const r = state.refusals.find((x) => x.method.toUpperCase() === method.toUpperCase() && (typeof x.path === "string" ? x.path === bare : x.path.test(bare)));
  if (!r) return null;
  if (r.times !== undefined && --r.times <= 0) state.refusals.splice(state.refusals.indexOf(r), 1);
  return { ...graphErrorBody(new GraphError(r.status, r.code, r.message)), headers: r.headers };
}

/** Handlers answer errors in Graph's shape rather than the generic fakes' one. */
const graph = (h: FakeHandler): FakeHandler => async (req) => {
  try {
    return await h(req);
  } catch (e) {
    return graphErrorBody(e);
  }
};

function body(req: FakeRequest): Record<string, unknown> {
  if (req.body && typeof req.body === "object" && !Array.isArray(req.body)) return req.body as Record<string, unknown>;
  throw badRequest("Write requests (excluding DELETE) must contain the Content-Type header declaration.");
}

function requireProperty(b: Record<string, unknown>, field: string): string {
  const v = b[field];
  if (typeof v !== "string" || v.trim() === "") throw badRequest(`Property '${field}' is required and must be a non-empty string.`);
  return v;
}

function newUser(u: Partial<DirectoryUser> & { userPrincipalName: string }): DirectoryUser {
  const [given = "", sur = ""] = u.userPrincipalName.split("@")[0].split(".");
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    id: u.id ?? randomUUID(),
    userPrincipalName: u.userPrincipalName,
    displayName: u.displayName ?? `${cap(given)} ${cap(sur)}`.trim(),
    givenName: u.givenName ?? cap(given),
    surname: u.surname ?? cap(sur),
    department: u.department ?? null,
    jobTitle: u.jobTitle ?? null,
    mail: u.mail ?? u.userPrincipalName,
    accountEnabled: u.accountEnabled ?? true,
    usageLocation: u.usageLocation ?? "US",
    licenses: u.licenses ?? [],
    forceChangePasswordNextSignIn: u.forceChangePasswordNextSignIn ?? false,
    signInSessionsRevokedAt: null,
    mailbox: u.mailbox ?? { type: "user", delegates: [] },
  };
}

export function directoryRoutes(state: DirectoryState): Router {
  const find = (idOrUpn: string) =>
    state.users.get(idOrUpn) ?? [...state.users.values()].find((u) => u.userPrincipalName.toLowerCase() === idOrUpn.toLowerCase());
  // A user still replicating is as unknown as one that does not exist, until its lag runs out.
  const replicated = (u: DirectoryUser | undefined, asked: string) => {
    const left = u ? state.replicating.get(u.id) : undefined;
    if (u && left !== undefined) {
      if (left <= 1) state.replicating.delete(u.id);
      else state.replicating.set(u.id, left - 1);
      throw notFound(asked);
    }
    return u;
  };
  const user = (req: FakeRequest) => {
    const u = replicated(find(req.params.id), req.params.id);
    if (!u) throw notFound(req.params.id);
    return u;
  };
  const view = (u: DirectoryUser) => ({
    id: u.id,
    userPrincipalName: u.userPrincipalName,
    displayName: u.displayName,
    givenName: u.givenName,
    surname: u.surname,
    department: u.department,
    jobTitle: u.jobTitle,
    mail: u.mail,
    accountEnabled: u.accountEnabled,
    usageLocation: u.usageLocation,
    assignedLicenses: u.licenses.map((skuId) => ({ disabledPlans: [], skuId })),
  });
  const group = (id: string) => {
    const g = state.groups.get(id);
    if (!g) throw notFound(id);
    return g;
  };
  const consumed = (skuId: string) => [...state.users.values()].filter((u) => u.licenses.includes(skuId)).length;
  const guidList = (v: unknown, what: string): string[] => {
    if (!Array.isArray(v)) throw badRequest(`Invalid value specified for property '${what}' of resource 'User'.`);
    return v.map((x) => {
      const id = what === "addLicenses" ? (x as { skuId?: unknown })?.skuId : x;
      if (typeof id !== "string" || !GUID.test(id)) throw badRequest(`Invalid value specified for property 'skuId' of resource 'AssignedLicense'.`);
      return id.toLowerCase();
    });
  };

  const router = createRouter();
  const on = (method: string, path: string, h: FakeHandler) => router.on(method, `${V}${path}`, graph((req) => refusalFor(state, req.method, req.path) ?? h(req)));
  on("GET", "/users/:id", (req) => ({ body: view(user(req)) }));
  on("POST", "/users", (req) => {
    const b = body(req);
    for (const f of ["displayName", "mailNickname", "userPrincipalName"]) requireProperty(b, f);
    if (typeof b.accountEnabled !== "boolean") throw badRequest("Property 'accountEnabled' is required.");
    const upn = String(b.userPrincipalName);
    if (find(upn)) throw badRequest("Another object with the same value for property userPrincipalName already exists.", "Request_BadRequest");
    const profile = (b.passwordProfile ?? {}) as { password?: string; forceChangePasswordNextSignIn?: boolean };
    // Graph's default policy: 8+ characters from three of four character classes.
    const pw = profile.password ?? "";
    const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
    if (pw.length < 8 || classes < 3) throw badRequest("The specified password does not comply with password complexity requirements. Please provide a different password.");
    const str = (k: string) => (typeof b[k] === "string" && b[k] !== "" ? (b[k] as string) : null);
    const u = newUser({
      userPrincipalName: upn,
      displayName: String(b.displayName),
      givenName: str("givenName") ?? "",
      surname: str("surname") ?? "",
      department: str("department"),
      jobTitle: str("jobTitle"),
      mail: str("mail") ?? upn,
      usageLocation: str("usageLocation"),
      accountEnabled: b.accountEnabled,
      forceChangePasswordNextSignIn: profile.forceChangePasswordNextSignIn ?? true,
    });
    state.users.set(u.id, u);
    state.passwords.set(u.id, pw);
    if (state.nextUserLag > 0) state.replicating.set(u.id, state.nextUserLag);
    state.nextUserLag = 0;
    return { status: 201, body: { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users/$entity", ...view(u) } };
  });
  on("PATCH", "/users/:id", (req) => {
    const u = user(req);
    const b = body(req);
    if (typeof b.accountEnabled === "boolean") u.accountEnabled = b.accountEnabled;
    if (typeof b.department === "string") u.department = b.department;
    return { status: 204 };
  });
  on("GET", "/subscribedSkus", () => ({
    body: {
      "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#subscribedSkus",
      value: state.skus.map((s) => ({
        capabilityStatus: "Enabled",
        appliesTo: "User",
        consumedUnits: consumed(s.skuId),
        skuId: s.skuId,
        skuPartNumber: s.skuPartNumber,
        prepaidUnits: { enabled: s.enabled, suspended: 0, warning: 0, lockedOut: 0 },
      })),
    },
  }));
  on("POST", "/users/:id/assignLicense", (req) => {
    const u = user(req);
    const b = body(req);
    // Both lists are required, skuIds only: a part number is a 400 in a real tenant too.
    const add = guidList(b.addLicenses, "addLicenses");
    const remove = guidList(b.removeLicenses, "removeLicenses");
    for (const id of add) {
      const sku = state.skus.find((s) => s.skuId === id);
      if (!sku) throw badRequest(`License ${id} does not correspond to a valid company License.`);
      if (!u.licenses.includes(id) && consumed(id) >= sku.enabled) throw badRequest(`Subscription ${id} does not have any licenses available.`);
    }
    if (add.length && !u.usageLocation) throw badRequest("License assignment cannot be done for user with invalid usage location.");
    const missing = remove.find((id) => !u.licenses.includes(id));
    if (missing) throw badRequest(`User does not have a corresponding license.`);
    u.licenses = [...new Set([...u.licenses.filter((l) => !remove.includes(l)), ...add])];
    return { body: view(u) };
  });
  on("POST", "/groups/:gid/members/$ref", (req) => {
    const g = group(req.params.gid);
    const ref = String(body(req)["@odata.id"] ?? "");
    const m = /^https:\/\/graph\.microsoft\.com\/v1\.0\/(?:directoryObjects|users)\/([^/]+)$/.exec(ref);
    if (!m) throw badRequest(`Invalid URL format specified in @odata.bind for members`);
    if (!GUID.test(m[1])) throw badRequest(`Invalid object identifier '${m[1]}'.`);
    const u = replicated(state.users.get(m[1]), m[1]);
    if (!u) throw notFound(m[1]);
    if (g.members.has(u.id)) throw badRequest("One or more added object references already exist for the following modified properties: 'members'.");
    g.members.add(u.id);
    return { status: 204 };
  });
  on("DELETE", "/groups/:gid/members/:id/$ref", (req) => {
    const u = user(req);
    if (!group(req.params.gid).members.delete(u.id)) throw notFound(u.id);
    return { status: 204 };
  });
  on("POST", "/directoryObjects/getByIds", (req) => {
    const ids = body(req).ids;
    if (!Array.isArray(ids) || ids.some((i) => typeof i !== "string")) throw badRequest("Invalid value specified for property 'ids'.");
    const value = (ids as string[]).flatMap((id) => {
      const g = state.groups.get(id);
      return g ? [{ "@odata.type": "#microsoft.graph.group", id, displayName: g.displayName }] : [];
    });
    return { body: { value } };
  });
  on("POST", "/users/:id/revokeSignInSessions", (req) => {
    user(req).signInSessionsRevokedAt = new Date().toISOString();
    return { body: { value: true } };
  });
  on("POST", "/users/:id/mailbox/convert", (req) => {
    const u = user(req);
    const type = body(req).type;
    if (type !== "shared" && type !== "user") throw badRequest('type must be "shared" or "user"');
    u.mailbox.type = type;
    return { body: { userPrincipalName: u.userPrincipalName, recipientTypeDetails: type === "shared" ? "SharedMailbox" : "UserMailbox" } };
  });
  on("POST", "/users/:id/mailbox/permissions", (req) => {
    const u = user(req);
    const b = body(req);
    const delegate = requireProperty(b, "user");
    if (!find(delegate)) throw notFound(delegate);
    const accessRights = Array.isArray(b.accessRights) ? b.accessRights.map(String) : ["FullAccess"];
    u.mailbox.delegates.push({ user: delegate, accessRights });
    return { status: 201, body: { identity: u.userPrincipalName, user: delegate, accessRights } };
  });
  on("POST", "/$batch", async (req) => {
    // Each sub-request goes through the same routes, in order; answers keep their ids.
    const subs = body(req).requests;
    if (!Array.isArray(subs) || subs.length === 0 || subs.length > 20) throw badRequest("Invalid batch payload format: requests must hold 1 to 20 items.", "BadRequest");
    const responses = [];
    for (const s of subs as { id?: string; method?: string; url?: string; body?: unknown }[]) {
      const url = new URL(`${V}${String(s.url ?? "").startsWith("/") ? "" : "/"}${s.url ?? ""}`, "http://graph");
      const m = router.match(String(s.method ?? "GET"), url.pathname);
      const r = m
        ? await m.handler({ ...req, method: String(s.method), path: url.pathname, query: Object.fromEntries(url.searchParams), body: s.body ?? null, params: m.params })
        : graphErrorBody(badRequest(`Resource not found for the segment '${url.pathname.split("/").pop()}'.`));
      // Graph gives each inner response its headers (Retry-After on a throttled one).
      responses.push({ id: s.id, status: r.status ?? 200, ...(r.headers ? { headers: r.headers } : {}), body: r.body ?? null });
    }
    return { body: { responses } };
  });
  return router;
}

export async function startDirectoryFake(seed: DirectorySeed = {}, opts?: FakeServerOptions): Promise<DirectoryFake> {
  const skus = (seed.subscribedSkus ?? []).map((s) => ({ ...s, skuId: s.skuId.toLowerCase() }));
  const state: DirectoryState = { users: new Map(), groups: new Map(), skus, passwords: new Map(), refusals: [], nextUserLag: 0, replicating: new Map() };
  const skuId = (l: string) => skus.find((s) => s.skuPartNumber === l)?.skuId ?? l;
  for (const u of seed.users ?? []) {
    const nu = newUser({ ...u, licenses: (u.licenses ?? []).map(skuId) });
    state.users.set(nu.id, nu);
  }
  for (const g of seed.groups ?? []) {
    const members = new Set((g.members ?? []).map((m) => [...state.users.values()].find((u) => u.userPrincipalName === m || u.id === m)?.id ?? m));
    state.groups.set(g.id, { displayName: g.displayName, members });
  }
  const server = await startFakeServer("directory", directoryRoutes(state), opts);
  const findUser = (idOrUpn: string) =>
    state.users.get(idOrUpn) ?? [...state.users.values()].find((u) => u.userPrincipalName.toLowerCase() === idOrUpn.toLowerCase());
  const refuse = (r: DirectoryRefusal) => {
    const own = { ...r };
    state.refusals.push(own);
    return () => void (state.refusals.includes(own) && state.refusals.splice(state.refusals.indexOf(own), 1));
  };
  const lagNextUser = (n: number) => void (state.nextUserLag = n);
  return { ...server, state, findUser, refuse, lagNextUser };
}
