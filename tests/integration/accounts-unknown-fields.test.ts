// The write bodies of accounts and access are strict, as the README promises of every write body:
// a field a body does not take is a 400 naming it, and nothing is done. A token asked for with
// {"scopes":["read"],"expiresInDays":1} was made with full access and no expiry; a member added
// with a misspelt "nmae" was added without the name.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { browser, createPasswordUser, startAuthServer, testAddress } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

async function signedInOwner() {
  const user = await createPasswordUser({ password: "strict-pw-1", memberships: [{ workspaceId: server.tenancy.provider.id, role: "owner" }] });
  const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress(), "sec-fetch-site": "same-origin" });
  expect((await b.signIn(user.email, "strict-pw-1")).status).toBe(302);
  const send = async (method: string, path: string, body: unknown) => {
    const res = await b.request(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  return { user, send };
}

const refusedNaming = (field: string) => ({
  status: 400,
  body: expect.objectContaining({ error: "invalid_request", field, message: `unknown field "${field}": not taken here (misspelt?)` }),
});

describe("unknown fields in the bodies of accounts and access", () => {
  it("tokens: a scope or expiry asked for is refused, not ignored into a full-access token that never expires", async () => {
    const { user, send } = await signedInOwner();
    expect(await send("POST", "/api/v1/auth/tokens", { name: "ci", scopes: ["read"], expiresInDays: 1 })).toMatchObject({
      status: 400,
      body: { error: "invalid_request", field: "scopes", message: 'unknown fields "scopes", "expiresInDays": not taken here (misspelt?)' },
    });
    expect(await db().apiToken.count({ where: { userId: user.id } })).toBe(0);
    const signIn = await fetch(`${server.web.baseUrl}/api/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
      body: JSON.stringify({ email: user.email, password: "strict-pw-1", scopes: ["read"] }),
    });
    expect({ status: signIn.status, body: await signIn.json() }).toMatchObject(refusedNaming("scopes"));
    expect(await db().apiToken.count({ where: { userId: user.id } })).toBe(0);
    // The bodies as documented still work.
    expect((await send("POST", "/api/v1/auth/tokens", { name: "ci" })).status).toBe(201);
  });

  it("members, workspaces and clients: a misspelt or extra field is refused and nothing changes", async () => {
    const { send } = await signedInOwner();
    const ws = server.tenancy.provider.id;
    const email = `strict-${Math.random().toString(36).slice(2, 8)}@example.test`;
    expect(await send("POST", `/api/v1/workspaces/${ws}/members`, { email, role: "viewer", nmae: "Jane" })).toMatchObject(refusedNaming("nmae"));
    expect(await db().user.count({ where: { email } })).toBe(0);
    const added = await send("POST", `/api/v1/workspaces/${ws}/members`, { email, role: "viewer", name: "Jane" });
    expect(added.status).toBe(201);
    expect(await send("PATCH", `/api/v1/workspaces/${ws}/members/${added.body.member.userId}`, { role: "editor", admin: true })).toMatchObject(refusedNaming("admin"));
    expect((await db().membership.findFirstOrThrow({ where: { userId: added.body.member.userId } })).role).toBe("viewer");

    expect(await send("PATCH", `/api/v1/workspaces/${ws}`, { name: "Renamed", extra: 1 })).toMatchObject(refusedNaming("extra"));
    expect((await db().workspace.findUniqueOrThrow({ where: { id: ws } })).name).toBe("Acme IT Services");
    expect(await send("POST", `/api/v1/workspaces/${ws}/clients`, { name: "Fabrikam", kind: "provider" })).toMatchObject(refusedNaming("kind"));
    expect(await db().workspace.count({ where: { name: "Fabrikam" } })).toBe(0);
  });

  it("password: a field the change does not take is refused and the password stays", async () => {
    const { user, send } = await signedInOwner();
    expect(await send("POST", "/api/v1/auth/password", { currentPassword: "strict-pw-1", newPassword: "strict-pw-2", newPasswordAgain: "strict-pw-2" })).toMatchObject(
      refusedNaming("newPasswordAgain"),
    );
    const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
    expect((await b.signIn(user.email, "strict-pw-1")).headers.get("location")).toBe(`${server.web.baseUrl}/workspaces`);
  });
});
