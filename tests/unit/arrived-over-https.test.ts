// Whether a request came over https is the trusted proxy's word only (TRUST_PROXY): a client talking
// to the server directly could send X-Forwarded-Proto itself.
import { describe, expect, it } from "vitest";
import { arrivedOverHttps } from "@/lib/auth/arrived-over-https";
import { secureCookieAttribute } from "@/lib/auth/session-cookie";

const headers = (proto?: string) => new Headers(proto === undefined ? {} : { "x-forwarded-proto": proto });

describe("arrivedOverHttps", () => {
  it("takes the trusted proxy's X-Forwarded-Proto, the browser's scheme first in a chain", () => {
    expect(arrivedOverHttps(headers("https"), true)).toBe(true);
    expect(arrivedOverHttps(headers(" HTTPS "), true)).toBe(true);
    expect(arrivedOverHttps(headers("https, http"), true)).toBe(true);
    expect(arrivedOverHttps(headers("http, https"), true)).toBe(false);
    expect(arrivedOverHttps(headers("http"), true)).toBe(false);
    expect(arrivedOverHttps(headers(), true)).toBe(false);
  });

  it("ignores the header without TRUST_PROXY", () => {
    expect(arrivedOverHttps(headers("https"), false)).toBe(false);
  });
});

describe("secureCookieAttribute", () => {
  it("is always on for an https PUBLIC_URL, and for an http one only over https", () => {
    expect(secureCookieAttribute(false, "https://flows.example.test")).toBe(true);
    expect(secureCookieAttribute(true, "http://flows.example.test")).toBe(true);
    expect(secureCookieAttribute(false, "http://flows.example.test")).toBe(false);
  });
});
