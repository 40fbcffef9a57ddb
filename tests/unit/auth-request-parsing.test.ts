import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/auth/client-address";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { parseCookieHeader, sessionCookieName, sessionTokenValue } from "@/lib/auth/session-cookie";
import { signInErrorMessage } from "@/lib/auth/sign-in-error";
import { DUMMY_HASH, hashPassword, verifyPassword } from "@/lib/auth/password";
import { generateApiToken } from "@/lib/auth/issue-api-token";

describe("clientAddress", () => {
  it("takes the entry written closest to the server and unwraps IPv4-mapped IPv6", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "10.0.0.1, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientAddress({ "x-forwarded-for": "::ffff:127.0.0.1" })).toBe("127.0.0.1");
    expect(clientAddress({ "x-forwarded-for": ["1.1.1.1", "2.2.2.2"] })).toBe("2.2.2.2");
    expect(clientAddress({})).toBeNull();
  });
});

describe("safeCallbackPath", () => {
  it("keeps paths on this site and strips absolute URLs to their path", () => {
    expect(safeCallbackPath("/w/1/workflows?x=1")).toBe("/w/1/workflows?x=1");
    expect(safeCallbackPath("http://127.0.0.1:4000/w/1/workflows")).toBe("/w/1/workflows");
  });

  it("refuses other sites, protocol-relative URLs and loops back to sign-in", () => {
    for (const bad of ["//evil.example/x", "/\\evil.example", "javascript:alert(1)", "evil.example", "/signin", "/signin?error=x", "/api/v1/workspaces", null, ""]) {
      expect(safeCallbackPath(bad)).toBeNull();
    }
  });
});

describe("session cookie parsing", () => {
  it("parses a Cookie header, decoding values and keeping the first of duplicates", () => {
    const jar = parseCookieHeader('a=1; b="two"; c=x%3Dy; a=9; broken');
    expect([...jar]).toEqual([["a", "1"], ["b", "two"], ["c", "x=y"]]);
  });

  it("joins next-auth's chunked session cookie in numeric order, reading only the configured name", () => {
    const chunked = parseCookieHeader("next-auth.session-token.10=K; next-auth.session-token.1=B; next-auth.session-token.0=A; next-auth.session-token.2=C");
    expect(sessionTokenValue(chunked, sessionCookieName("http://localhost:3000"))).toBe("ABCK");
    // Only the one name asked for (PUBLIC_URL's scheme decides it): the other is ignored, not a fallback.
    const both = parseCookieHeader("next-auth.session-token=plain; __Secure-next-auth.session-token=secure");
    expect(sessionTokenValue(both, sessionCookieName("https://flows.example.test"))).toBe("secure");
    expect(sessionTokenValue(both, sessionCookieName("http://localhost:3000"))).toBe("plain");
    expect(sessionTokenValue(parseCookieHeader("next-auth.session-token=plain"), sessionCookieName("https://flows.example.test"))).toBeNull();
    expect(sessionTokenValue(parseCookieHeader("__Secure-next-auth.session-token=secure"), sessionCookieName("http://localhost:3000"))).toBeNull();
    expect(sessionCookieName("HTTPS://Flows.Example.test/app")).toBe("__Secure-next-auth.session-token");
    expect(sessionTokenValue(parseCookieHeader("other=1"))).toBeNull();
  });
});

describe("sign-in page messages", () => {
  it("explains each outcome in plain words", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe("Wrong e-mail or password.");
    expect(signInErrorMessage("TooManyAttempts:1")).toBe("Too many failed sign-ins. Wait 1 second and try again.");
    expect(signInErrorMessage("TooManyAttempts:8")).toBe("Too many failed sign-ins. Wait 8 seconds and try again.");
    expect(signInErrorMessage("TooManyAttempts")).toBe("Too many failed sign-ins. Wait a moment and try again.");
    expect(signInErrorMessage("Configuration")).toBe("Sign-in failed. Please try again.");
    expect(signInErrorMessage(null)).toBeNull();
  });
});

describe("credentials primitives", () => {
  it("DUMMY_HASH is a real scrypt hash, so unknown e-mails cost a full password check", async () => {
    expect(DUMMY_HASH.split("$")).toHaveLength(6);
    expect(await verifyPassword("anything", DUMMY_HASH)).toBe(false);
    const stored = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", stored)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", stored)).toBe(false);
  });

  it("API tokens are mf_ + 32 random bytes in base64url", () => {
    const a = generateApiToken();
    expect(a).toMatch(/^mf_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(3), "base64url")).toHaveLength(32);
    expect(generateApiToken()).not.toBe(a);
  });
});
