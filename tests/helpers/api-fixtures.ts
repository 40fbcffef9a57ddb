// Tenants, users and bearer tokens for management-API tests, inserted directly with Prisma,
// plus a tiny JSON client for the real server.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { hashApiToken } from "@/lib/auth/authenticate-request";
import { eventually } from "./services";

export type Role = "owner" | "editor" | "viewer";

export async function createUser(memberships: { workspaceId: string; role: Role }[]): Promise<{ id: string; token: string }> {
  const tag = randomBytes(6).toString("hex");
  const user = await db().user.create({ data: { email: `u-${tag}@example.test`, name: `User ${tag}`, passwordHash: "x" } });
  for (const m of memberships) await db().membership.create({ data: { userId: user.id, ...m } });
  const token = `test_${randomBytes(24).toString("base64url")}`;
  await db().apiToken.create({ data: { userId: user.id, tokenHash: hashApiToken(token) } });
  return { id: user.id, token };
}

/** Provider A with client A1, and an unrelated provider B; users with each kind of access. */
export async function createTenancy() {
  const providerA = await db().workspace.create({ data: { name: "Provider A", kind: "provider" } });
  const clientA1 = await db().workspace.create({ data: { name: "Client A1", kind: "client", providerId: providerA.id } });
  const providerB = await db().workspace.create({ data: { name: "Provider B", kind: "provider" } });
  return {
    providerA,
    clientA1,
    providerB,
    editor: await createUser([{ workspaceId: providerA.id, role: "editor" }]),
    viewer: await createUser([{ workspaceId: providerA.id, role: "viewer" }]),
    clientAdmin: await createUser([{ workspaceId: clientA1.id, role: "owner" }]),
    outsider: await createUser([{ workspaceId: providerB.id, role: "owner" }]),
  };
}

/** A provider with two clients (and an unrelated provider with a client of its own), and users
 *  for each: the provider's editor (tech) and viewer, each client's owner, an outsider. */
export async function createPushTenancy(baseUrl: string) {
  const provider = await db().workspace.create({ data: { name: "Acme IT", kind: "provider" } });
  const clientA = await db().workspace.create({ data: { name: "Client A", kind: "client", providerId: provider.id } });
  const clientB = await db().workspace.create({ data: { name: "Client B", kind: "client", providerId: provider.id } });
  const other = await db().workspace.create({ data: { name: "Other MSP", kind: "provider" } });
  const otherClient = await db().workspace.create({ data: { name: "Other client", kind: "client", providerId: other.id } });
  const users = {
    tech: await createUser([{ workspaceId: provider.id, role: "editor" }]),
    providerViewer: await createUser([{ workspaceId: provider.id, role: "viewer" }]),
    adminA: await createUser([{ workspaceId: clientA.id, role: "owner" }]),
    adminB: await createUser([{ workspaceId: clientB.id, role: "owner" }]),
    outsider: await createUser([{ workspaceId: other.id, role: "owner" }]),
  };
  const api = (u: { token: string }) => apiClient(baseUrl, u.token);
  return { provider, clientA, clientB, other, otherClient, users, api };
}

// Response bodies are checked by assertions, not by the type system.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type ApiResult = { status: number; body: Json };

export function apiClient(baseUrl: string, token: string) {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiResult> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown) => call("POST", path, body),
    put: (path: string, body: unknown) => call("PUT", path, body),
    patch: (path: string, body: unknown) => call("PATCH", path, body),
    del: (path: string) => call("DELETE", path),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

/** A call with the body as text and the answer as text, for numbers JSON.parse (the test's own)
 *  would round or write as null. */
export async function textCall(baseUrl: string, token: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** A run as GET /api/v1/runs/{id} answers it, once it has ended (succeeded, failed or stopped). */
export const finishedRunView = (api: ApiClient, runId: string, timeoutMs = 20_000): Promise<Json> =>
  eventually(
    async () => {
      const r = await api.get(`/api/v1/runs/${runId}`);
      return ["succeeded", "failed", "stopped"].includes(r.body.status) ? (r.body as Json) : null;
    },
    timeoutMs,
    `run ${runId} to finish`,
  );
