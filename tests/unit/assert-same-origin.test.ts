// Which origins count as the app's own for a session's state-changing request (CSRF defence).
import { describe, expect, it } from "vitest";
import { assertSameOrigin } from "@/lib/auth/assert-same-origin";

const post = (headers: Record<string, string>, method = "POST") => new Request("http://127.0.0.1:3000/api/v1/x", { method, headers });
const verdict = (req: Request, opts = { publicUrl: "https://flow.example.com", trustProxy: false }) => {
  try {
    assertSameOrigin(req, opts);
    return "ok";
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe("assertSameOrigin", () => {
  it("accepts PUBLIC_URL's origin, the Host the request came to, and no browser headers at all", () => {
    expect(verdict(post({ origin: "https://flow.example.com", "sec-fetch-site": "same-origin" }))).toBe("ok");
    expect(verdict(post({ origin: "https://flow.example.com:443" }))).toBe("ok");
    expect(verdict(post({ origin: "http://intranet:8080", host: "intranet:8080" }))).toBe("ok");
    expect(verdict(post({ origin: "http://intranet", host: "INTRANET:80" }))).toBe("ok");
    expect(verdict(post({}))).toBe("ok");
    expect(verdict(post({ "sec-fetch-site": "none" }))).toBe("ok");
  });

  it("refuses same-site and cross-site pages and opaque origins", () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
      { origin: "https://other.flow.example.com" },
      { origin: "https://flow.example.com.evil.example" },
      { origin: "http://intranet:8081", host: "intranet:8080" },
      { origin: "null" },
      { origin: "file://" },
      { origin: "https://flow.example.com", "sec-fetch-site": "same-site" },
    ];
    for (const headers of refused) {
      expect(verdict(post(headers)), JSON.stringify(headers)).toBe("cross_origin_refused");
    }
  });

  it("trusts X-Forwarded-Host only behind a trusted proxy", () => {
    const viaProxy = () => post({ origin: "https://other-name.example", host: "127.0.0.1:3000", "x-forwarded-host": "other-name.example, inner" });
    expect(verdict(viaProxy())).toBe("cross_origin_refused");
    expect(verdict(viaProxy(), { publicUrl: "https://flow.example.com", trustProxy: true })).toBe("ok");
  });

  it("never checks safe methods", () => {
    for (const m of ["GET", "HEAD", "OPTIONS"]) expect(verdict(post({ "sec-fetch-site": "cross-site", origin: "null" }, m))).toBe("ok");
  });
});
