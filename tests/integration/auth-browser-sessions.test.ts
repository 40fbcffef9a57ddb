// Browser sessions one by one, over plain HTTP against the real server: each sign-in is recorded
// (browser, address, times), listed to its user with the caller's own marked, and can be ended
// on its own or with every other one; sign-out removes it; API tokens are created from a session.
import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { sessionSecret } from "@/lib/auth/session-cookie";
import { runRetention } from "@/lib/retention/run-retention";
import { browser, createPasswordUser, testAddress, startAuthServer } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

type SessionView = { id: string; createdAt: string; lastSeenAt: string; userAgent: string | null; ipAddress: string | null; current: boolean };

const newUser = () => createPasswordUser({ password: "sessions-pw-1", memberships: [{ workspaceId: server.tenancy.provider.id, role: "editor" }] });

/** A browser signed in as the user, with its own user agent and address. */
const signIn = async (email: string, userAgent = FIREFOX) => {
  const address = testAddress();
  const b = browser(server.web.baseUrl, { "x-forwarded-for": address, "user-agent": userAgent });
  expect((await b.signIn(email, "sessions-pw-1")).status).toBe(302);
  return Object.assign(b, { address });
};

const list = async (b: Awaited<ReturnType<typeof signIn>>) => {
  const r = await b.request("/api/v1/auth/sessions");
  expect(r.status).toBe(200);
  return ((await r.json()) as { sessions: SessionView[] }).sessions;
};

const canCall = async (b: Awaited<ReturnType<typeof signIn>>) => (await b.request("/api/v1/workspaces")).status === 200;

describe("GET /api/v1/auth/sessions", () => {
  it("lists where the user is signed in, this browser marked, and nobody else's sessions", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, SAFARI);
    await signIn((await newUser()).email); // another user's

    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    const mine = seen.find((s) => s.current)!;
    expect(mine).toMatchObject({ userAgent: FIREFOX, ipAddress: laptop.address, current: true });
    expect(seen.find((s) => !s.current)).toMatchObject({ userAgent: SAFARI, ipAddress: phone.address });
    for (const s of seen) {
      expect(Date.parse(s.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // The other browser sees the same two, with itself as current.
    expect((await list(phone)).filter((s) => s.current).map((s) => s.userAgent)).toEqual([SAFARI]);
  });

  it("answers an API token caller with the sessions, none current", async () => {
    const user = await newUser();
    await signIn(user.email);
    const res = await fetch(`${server.web.baseUrl}/api/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
      body: JSON.stringify({ email: user.email, password: "sessions-pw-1" }),
    });
    const { token } = (await res.json()) as { token: string };
    const r = await fetch(`${server.web.baseUrl}/api/v1/auth/sessions`, { headers: { authorization: `Bearer ${token}` } });
    const { sessions } = (await r.json()) as { sessions: SessionView[] };
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(false);
  });
});

describe("ending sessions", () => {
  it("DELETE /api/v1/auth/sessions/{id} ends that one session at once, and only that one", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, SAFARI);
    const phoneId = (await list(phone)).find((s) => s.current)!.id;

    const r = await laptop.request(`/api/v1/auth/sessions/${phoneId}`, { method: "DELETE", headers: SAME_ORIGIN });
    expect(r.status).toBe(204);
    expect(await canCall(phone)).toBe(false);
    // next-auth re-issuing the cookie does not bring it back.
    await phone.request("/api/auth/session");
    expect(await canCall(phone)).toBe(false);
    expect(await canCall(laptop)).toBe(true);
    expect((await list(laptop)).map((s) => s.userAgent)).toEqual([FIREFOX]);
    // Gone is gone: a second delete is a 404.
    expect((await laptop.request(`/api/v1/auth/sessions/${phoneId}`, { method: "DELETE", headers: SAME_ORIGIN })).status).toBe(404);
  });

  it("answers 404 for another user's session and leaves it working", async () => {
    const stranger = await signIn((await newUser()).email);
    const strangerId = (await list(stranger)).find((s) => s.current)!.id;
    const me = await signIn((await newUser()).email);
    const r = await me.request(`/api/v1/auth/sessions/${strangerId}`, { method: "DELETE", headers: SAME_ORIGIN });
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ error: "not_found" });
    expect(await canCall(stranger)).toBe(true);
  });

  it("?except=current signs out every other session, old-style cookies included, and keeps this one", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, SAFARI);
    const tablet = await signIn(user.email, SAFARI);
    // A cookie issued before sessions were recorded: no "sid", only the session version.
    const old = await encode({ token: { sub: user.id, sv: 0 }, secret: sessionSecret() });
    const legacy = await fetch(`${server.web.baseUrl}/api/v1/workspaces`, { headers: { cookie: `next-auth.session-token=${old}` } });
    expect(legacy.status).toBe(200);

    const r = await laptop.request("/api/v1/auth/sessions?except=current", { method: "DELETE", headers: SAME_ORIGIN });
    expect(r.status).toBe(204);
    expect(await canCall(phone)).toBe(false);
    expect(await canCall(tablet)).toBe(false);
    expect((await fetch(`${server.web.baseUrl}/api/v1/workspaces`, { headers: { cookie: `next-auth.session-token=${old}` } })).status).toBe(401);
    expect(await canCall(laptop)).toBe(true);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it("refuses except values it does not know, and except=current from an API token", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email);
    const bad = await laptop.request("/api/v1/auth/sessions?except=all", { method: "DELETE", headers: SAME_ORIGIN });
    expect(bad.status).toBe(400);
    expect(await canCall(laptop)).toBe(true);
    const { token } = (await (await laptop.request("/api/v1/auth/tokens", { method: "POST", headers: { ...SAME_ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ name: "t" }) })).json()) as { token: string };
    const viaToken = await fetch(`${server.web.baseUrl}/api/v1/auth/sessions?except=current`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(viaToken.status).toBe(400);
    expect(await canCall(laptop)).toBe(true);
  });

  it("signing out removes the session from the list", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, SAFARI);
    const res = await phone.request("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: await phone.csrf(), callbackUrl: "/signin" }).toString(),
    });
    expect(res.status).toBe(302);
    expect((await list(laptop)).map((s) => s.userAgent)).toEqual([FIREFOX]);
  });

  it("a session unused for longer than the session lifetime is refused and not listed", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email, FIREFOX);
    const phone = await signIn(user.email, SAFARI);
    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    await db().browserSession.update({ where: { id: phoneId }, data: { lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) } });
    expect(await canCall(phone)).toBe(false);
    expect((await list(laptop)).map((s) => s.userAgent)).toEqual([FIREFOX]);
    // The retention pass removes it; the live one stays.
    expect((await runRetention()).sessions).toBeGreaterThanOrEqual(1);
    expect(await db().browserSession.count({ where: { id: phoneId } })).toBe(0);
    expect(await canCall(laptop)).toBe(true);
  });
});

describe("POST /api/v1/auth/tokens", () => {
  it("creates a named token for the signed-in user, shown once, that works and is listed without its secret", async () => {
    const user = await newUser();
    const laptop = await signIn(user.email);
    const r = await laptop.request("/api/v1/auth/tokens", { method: "POST", headers: { ...SAME_ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ name: " deploy script " }) });
    expect(r.status).toBe(201);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const created = (await r.json()) as { id: string; name: string; createdAt: string; token: string };
    expect(created).toMatchObject({ name: "deploy script", token: expect.stringMatching(/^mf_/) });
    const bearer = { authorization: `Bearer ${created.token}` };
    expect((await fetch(`${server.web.baseUrl}/api/v1/workspaces`, { headers: bearer })).status).toBe(200);
    const listed = await (await laptop.request("/api/v1/auth/tokens")).json();
    expect(listed.tokens).toEqual([expect.objectContaining({ id: created.id, name: "deploy script" })]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    // An API token cannot mint more tokens.
    const minted = await fetch(`${server.web.baseUrl}/api/v1/auth/tokens`, { method: "POST", headers: { ...bearer, "content-type": "application/json" }, body: JSON.stringify({ name: "more" }) });
    expect(minted.status).toBe(403);
    expect(await minted.json()).toMatchObject({ error: "forbidden" });
  });

  it("needs a name", async () => {
    const laptop = await signIn((await newUser()).email);
    const r = await laptop.request("/api/v1/auth/tokens", { method: "POST", headers: { ...SAME_ORIGIN, "content-type": "application/json" }, body: JSON.stringify({ name: "  " }) });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: "invalid_request", message: expect.stringContaining("name") });
    expect((await (await laptop.request("/api/v1/auth/tokens")).json()).tokens).toEqual([]);
  });
});
