// A browser session ends once unused for 7 days, as the README and the Account page ("last
// active") say — not 7 days after sign-in however busy its user: using it (a page, an API call)
// renews its cookie. A cookie about to run out stands for "signed in almost 7 days ago": the
// server cannot be made to live a week in a test, the cookie's own expiry can.
import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sessionSecret } from "@/lib/auth/session-cookie";
import { browser, createPasswordUser, startAuthServer, testAddress } from "@/tests/helpers/auth-fixtures";

const server = startAuthServer();
const WEEK_S = 7 * 24 * 60 * 60;
const COOKIE = "next-auth.session-token";

/** A signed-in session's cookie, and the same session's cookie as if issued a week ago less `leftSeconds`. */
async function session(leftSeconds = 60) {
  const user = await createPasswordUser({ password: "sliding-pw-1", memberships: [{ workspaceId: server.tenancy.provider.id, role: "viewer" }] });
  const b = browser(server.web.baseUrl, { "x-forwarded-for": testAddress() });
  expect((await b.signIn(user.email, "sliding-pw-1")).status).toBe(302);
  const fresh = b.jar.header();
  const value = /next-auth\.session-token=([^;]+)/.exec(fresh)![1];
  const claims = (await decode({ token: value, secret: sessionSecret() }))!;
  const { iat, exp, jti, ...token } = claims;
  const old = await encode({ token, secret: sessionSecret(), maxAge: leftSeconds });
  return { user, fresh, old: `${COOKIE}=${old}`, sid: claims.sid as string };
}

const get = (path: string, cookie: string) => fetch(new URL(path, server.web.baseUrl), { headers: { cookie, "x-forwarded-for": testAddress() }, redirect: "manual" });
const renewedCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`)) ?? null;

async function expectRenewedForAWeek(setCookie: string | null, sid: string) {
  expect(setCookie).not.toBeNull();
  expect(setCookie).toMatch(/; Path=\//);
  expect(setCookie).toMatch(/; HttpOnly/);
  expect(setCookie).toMatch(/; SameSite=Lax/);
  const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie!)![1]);
  expect(Math.abs(expires - (Date.now() + WEEK_S * 1000))).toBeLessThan(60_000);
  const claims = (await decode({ token: setCookie!.slice(COOKIE.length + 1).split(";")[0], secret: sessionSecret() }))!;
  expect(claims.sid).toBe(sid);
  expect(Math.abs((claims.exp as number) - (Date.now() / 1000 + WEEK_S))).toBeLessThan(60);
  return `${COOKIE}=${setCookie!.slice(COOKIE.length + 1).split(";")[0]}`;
}

describe("browser sessions expire when unused, not a week after sign-in", () => {
  it("an API call made with a session signed in almost a week ago renews it for another week", async () => {
    const s = await session();
    const res = await get("/api/v1/workspaces", s.old);
    expect(res.status).toBe(200);
    const renewed = await expectRenewedForAWeek(renewedCookie(res), s.sid);
    expect((await get("/api/v1/workspaces", renewed)).status).toBe(200);
  });

  it("so does opening a page", async () => {
    const s = await session();
    const res = await get(`/w/${server.tenancy.provider.id}/workflows`, s.old);
    expect(res.status).toBe(200);
    await expectRenewedForAWeek(renewedCookie(res), s.sid);
  });

  it("a cookie just issued is not sent again on every request", async () => {
    const s = await session();
    expect(renewedCookie(await get("/api/v1/workspaces", s.fresh))).toBeNull();
    expect(renewedCookie(await get("/workspaces", s.fresh))).toBeNull();
  });

  it("an ended session is not renewed back to life by the API, and stays refused", async () => {
    const s = await session();
    await db().browserSession.delete({ where: { id: s.sid } });
    const res = await get("/api/v1/workspaces", s.old);
    expect(res.status).toBe(401);
    expect(renewedCookie(res)).toBeNull();
    // The page's renewal (which does not read the database) gives a cookie that is still refused.
    const page = await get("/workspaces", s.old);
    const again = renewedCookie(page);
    if (again) expect((await get("/api/v1/workspaces", `${COOKIE}=${again.slice(COOKIE.length + 1).split(";")[0]}`)).status).toBe(401);
  });
});
