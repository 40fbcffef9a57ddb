// The session cookie next-auth writes is read back by our own reader with the derived secret.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";

let mod: typeof import("@/lib/auth/session-cookie");

beforeAll(async () => {
  vi.stubEnv("SECRET_KEY", "11".repeat(32));
  mod = await import("@/lib/auth/session-cookie");
});

describe("readSessionCookie", () => {
  it("accepts a token encrypted with the secret derived from SECRET_KEY", async () => {
    const token = await encode({ token: { sub: "user-1", sv: 3 }, secret: mod.sessionSecret() });
    expect(await mod.readSessionCookie(`next-auth.session-token=${token}`)).toEqual({ userId: "user-1", sessionVersion: 3 });
    // Split into chunks the way next-auth does for large cookies.
    const half = Math.ceil(token.length / 2);
    const chunked = `next-auth.session-token.0=${token.slice(0, half)}; next-auth.session-token.1=${token.slice(half)}`;
    expect(await mod.readSessionCookie(chunked)).toEqual({ userId: "user-1", sessionVersion: 3 });
  });

  it("reads the session's recorded id (sid) when the cookie carries one", async () => {
    const token = await encode({ token: { sub: "user-1", sv: 2, sid: "session-9" }, secret: mod.sessionSecret() });
    expect(await mod.readSessionCookie(`next-auth.session-token=${token}`)).toEqual({ userId: "user-1", sessionVersion: 2, sessionId: "session-9" });
    const odd = await encode({ token: { sub: "user-1", sid: 42 }, secret: mod.sessionSecret() });
    expect(await mod.readSessionCookie(`next-auth.session-token=${odd}`)).toEqual({ userId: "user-1", sessionVersion: 0 });
  });

  it("reads a session issued before session versions existed as version 0", async () => {
    const token = await encode({ token: { sub: "user-1" }, secret: mod.sessionSecret() });
    expect(await mod.readSessionCookie(`next-auth.session-token=${token}`)).toEqual({ userId: "user-1", sessionVersion: 0 });
  });

  it("rejects tokens under another secret, expired tokens, tokens without a user and garbage", async () => {
    const other = await encode({ token: { sub: "user-1" }, secret: "another-secret" });
    const expired = await encode({ token: { sub: "user-1" }, secret: mod.sessionSecret(), maxAge: -60 });
    const anonymous = await encode({ token: { name: "x" }, secret: mod.sessionSecret() });
    for (const t of [other, expired, anonymous, "not-a-jwt"]) {
      expect(await mod.readSessionCookie(`next-auth.session-token=${t}`)).toBeNull();
    }
    expect(await mod.readSessionCookie(null)).toBeNull();
  });

  it("derives the session secret from SECRET_KEY, not from the key itself", () => {
    expect(mod.sessionSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(mod.sessionSecret()).not.toBe("11".repeat(32));
  });
});
