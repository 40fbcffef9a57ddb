import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch } from "@/lib/net/guarded-fetch";
import { OutboundError } from "@/lib/net/errors";
import type { Resolver } from "@/lib/net/guarded-lookup";
import { classifyAddress, parseAllowedRanges } from "@/lib/net/ip-policy";
import { startLocalServer } from "@/tests/helpers/local-server";

const strict = parseAllowedRanges("");
const loopbackAllowed = parseAllowedRanges("127.0.0.0/8");
// A stand-in for public DNS: names the tests control.
const fakeDns = (map: Record<string, string[]>): Resolver => async (host) => {
  const ips = map[host];
  if (!ips) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return ips.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

async function refusal(url: string, policy = strict, resolver?: Resolver): Promise<OutboundError> {
  const e = await guardedFetch({ url, timeoutMs: 2_000, policy, resolver }).then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(OutboundError);
  return e as OutboundError;
}

describe("address classification", () => {
  it.each([
    ["127.0.0.1", "loopback"], ["10.0.0.1", "private"], ["172.16.5.4", "private"], ["192.168.1.1", "private"],
    ["169.254.1.1", "link-local"], ["169.254.169.254", "cloud metadata"], ["100.64.0.1", "CGNAT (shared)"],
    ["0.0.0.0", "unspecified"], ["224.0.0.1", "multicast"], ["::1", "loopback"], ["::", "unspecified"],
    ["fc00::1", "private (unique local)"], ["fd12:3456::1", "private (unique local)"], ["fe80::1", "link-local"],
    ["fd00:ec2::254", "cloud metadata"], ["ff02::1", "multicast"], ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:a00:1", "private"], ["::ffff:169.254.169.254", "cloud metadata"], ["64:ff9b::a00:1", "private"], ["2002:a00:1::", "private"],
  ])("%s is %s", (ip, label) => expect(classifyAddress(ip)).toBe(label));

  // Outside 2000::/3 nothing is public unicast: ::ffff:0:a.b.c.d is the IPv4-translated form a
  // SIIT translator turns into a.b.c.d (127.0.0.1, 10.0.0.1 …).
  it.each(["::ffff:0:127.0.0.1", "::ffff:0:a00:1", "::ffff:0:8.8.8.8", "1::", "100:0:0:1::1", "4000::1", "e000::1"])("%s is reserved (not global unicast)", (ip) =>
    expect(classifyAddress(ip)).toBe("reserved (not global unicast)"));

  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2a00:1450:4001::200e"])("%s is public", (ip) => expect(classifyAddress(ip)).toBeNull());

  it("rejects a malformed allow-list", () => {
    expect(() => parseAllowedRanges("10.0.0.0/33")).toThrow(/HTTP_ALLOWED_PRIVATE_RANGES/);
    expect(() => parseAllowedRanges("nope")).toThrow(/not a CIDR/);
  });
});

describe("SSRF guard on URLs", () => {
  it.each([
    ["http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a cloud metadata address (SSRF guard)"],
    ["http://metadata.google.internal/computeMetadata/v1/", "refused: metadata.google.internal is a cloud metadata host (SSRF guard)"],
    ["http://127.0.0.1/", "refused: 127.0.0.1 is a loopback address (SSRF guard)"],
    ["http://[::1]/", "refused: ::1 is a loopback address (SSRF guard)"],
    ["http://10.0.0.1/", "refused: 10.0.0.1 is a private address (SSRF guard)"],
    ["http://0x7f000001/", "refused: 127.0.0.1 is a loopback address (SSRF guard)"],
    ["http://2130706433/", "refused: 127.0.0.1 is a loopback address (SSRF guard)"],
    ["http://0177.0.0.1/", "refused: 127.0.0.1 is a loopback address (SSRF guard)"],
    ["http://127.1:8080/", "refused: 127.0.0.1 is a loopback address (SSRF guard)"],
    ["http://[::ffff:127.0.0.1]/", "refused: ::ffff:7f00:1 is a loopback address (SSRF guard)"],
    ["http://[::ffff:169.254.169.254]/", "refused: ::ffff:a9fe:a9fe is a cloud metadata address (SSRF guard)"],
    ["http://[::ffff:0:127.0.0.1]/", "refused: ::ffff:0:7f00:1 is a reserved (not global unicast) address (SSRF guard)"],
    ["http://[fd00:ec2::254]/", "refused: fd00:ec2::254 is a cloud metadata address (SSRF guard)"],
    ["http://100.64.1.2/", "refused: 100.64.1.2 is a CGNAT (shared) address (SSRF guard)"],
    ["http://0.0.0.0:80/", "refused: 0.0.0.0 is an unspecified address (SSRF guard)"],
    ["file:///etc/passwd", "refused: file: URLs are not allowed, only http and https (SSRF guard)"],
    ["ftp://example.com/x", "refused: ftp: URLs are not allowed, only http and https (SSRF guard)"],
    ["gopher://127.0.0.1:6379/_INFO", "refused: gopher: URLs are not allowed, only http and https (SSRF guard)"],
  ])("%s", async (url, message) => {
    const e = await refusal(url);
    expect(e.kind).toBe("refused");
    expect(e.retryable).toBe(false);
    expect(e.message).toBe(message);
  });

  it("metadata stays refused even when the operator allows link-local", async () => {
    const e = await refusal("http://169.254.169.254/", parseAllowedRanges("169.254.0.0/16"));
    expect(e.message).toMatch(/cloud metadata/);
  });

  it("a name resolving to a private address is refused at connect time (rebinding)", async () => {
    const e = await refusal("http://internal.example.com/", loopbackAllowed, fakeDns({ "internal.example.com": ["10.0.0.7"] }));
    expect(e.message).toBe("refused: internal.example.com resolves to 10.0.0.7, a private address (SSRF guard)");
  });

  it("one private answer among public ones refuses the name", async () => {
    const e = await refusal("http://mixed.example.com/", strict, fakeDns({ "mixed.example.com": ["93.184.215.14", "127.0.0.1"] }));
    expect(e.message).toMatch(/resolves to 127\.0\.0\.1, a loopback address/);
  });

  it("a not-a-URL is a bad_url error", async () => {
    expect((await refusal("not a url")).kind).toBe("bad_url");
  });
});

describe("SSRF guard with a local server (allow-list 127.0.0.0/8)", () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  let dns: Resolver;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      const go = (to: string) => {
        res.writeHead(302, { location: to });
        res.end();
      };
      if (req.url === "/to-private") return go("http://10.0.0.1/admin");
      if (req.url === "/to-metadata") return go("http://169.254.169.254/latest/meta-data/iam/");
      if (req.url === "/to-internal-name") return go(`http://db.corp.example:${server.port}/`);
      if (req.url === "/to-file") return go("file:///etc/passwd");
      if (req.url === "/to-ok") return go("/ok");
      if (req.url?.startsWith("/loop")) return go(`/loop${Number(req.url.slice(5) || 0) + 1}`);
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
    // "api.public-example.com" looks public; the tests' DNS points it at the local server.
    dns = fakeDns({ "api.public-example.com": ["127.0.0.1"], "db.corp.example": ["192.168.10.5"] });
  });
  afterAll(() => server.close());

  const publicUrl = (path: string) => `http://api.public-example.com:${server.port}${path}`;

  it("an allowed range can be reached, and redirects within it are followed", async () => {
    const res = await guardedFetch({ url: publicUrl("/to-ok"), timeoutMs: 2_000, policy: loopbackAllowed, resolver: dns });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("ok");
    expect(res.url).toBe(publicUrl("/ok"));
  });

  it("without the allow-list the same loopback server is refused", async () => {
    const e = await refusal(publicUrl("/"), strict, dns);
    expect(e.message).toBe("refused: api.public-example.com resolves to 127.0.0.1, a loopback address (SSRF guard)");
  });

  it("a public-looking host redirecting to a private address is refused", async () => {
    const e = await refusal(publicUrl("/to-private"), loopbackAllowed, dns);
    expect(e.message).toBe("refused: 10.0.0.1 is a private address (SSRF guard), after a redirect to http://10.0.0.1/admin");
  });

  it("a redirect to the metadata address is refused", async () => {
    expect((await refusal(publicUrl("/to-metadata"), loopbackAllowed, dns)).message).toMatch(/169\.254\.169\.254 is a cloud metadata address/);
  });

  it("a redirect to a name that resolves privately is refused", async () => {
    expect((await refusal(publicUrl("/to-internal-name"), loopbackAllowed, dns)).message).toBe(
      `refused: db.corp.example resolves to 192.168.10.5, a private address (SSRF guard), after a redirect to http://db.corp.example:${server.port}/`,
    );
  });

  it("a redirect to file:// is refused", async () => {
    expect((await refusal(publicUrl("/to-file"), loopbackAllowed, dns)).message).toMatch(/file: URLs are not allowed/);
  });

  it("every hop resolves again: a name that rebinds to a private address is refused", async () => {
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: calls++ === 0 ? "127.0.0.1" : "10.1.2.3", family: 4 }];
    const e = await refusal(`http://rebind.example:${server.port}/to-ok`, loopbackAllowed, rebinding);
    expect(e.message).toBe(`refused: rebind.example resolves to 10.1.2.3, a private address (SSRF guard), after a redirect to http://rebind.example:${server.port}/ok`);
    expect(calls).toBe(2);
  });

  it("more than 5 redirects fail", async () => {
    const e = await refusal(publicUrl("/loop0"), loopbackAllowed, dns);
    expect(e.kind).toBe("too_many_redirects");
    expect(e.message).toMatch(/more than 5 redirects/);
  });

  it("a connection refused is a retryable network error", async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const e = await refusal(`${closed.url}/`, loopbackAllowed);
    expect(e.kind).toBe("network");
    expect(e.retryable).toBe(true);
    expect(e.message).toMatch(/ECONNREFUSED/);
  });

  it("an unknown name is a network error", async () => {
    const e = await refusal("http://nowhere.invalid/", loopbackAllowed, dns);
    expect(e.kind).toBe("network");
    expect(e.message).toBe("could not resolve nowhere.invalid (ENOTFOUND)");
  });
});
