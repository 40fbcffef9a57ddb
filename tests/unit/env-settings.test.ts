// Settings as an operator writes them: numbers in plain decimal, empty meaning the default,
// allow-lists that cannot switch the SSRF guard off. Each refusal names its variable.
import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";

const envOf = (vars: Record<string, string>) => loadEnv({ NODE_ENV: "test", SECRET_KEY: "a".repeat(64), ...vars });

describe("numeric settings", () => {
  it("take plain decimal integers", () => {
    expect(envOf({ PORT: "8080", WORKER_CONCURRENCY: "04", WORKER_NICE: " 5 " })).toMatchObject({ PORT: 8080, WORKER_CONCURRENCY: 4, WORKER_NICE: 5 });
    expect(envOf({ PORT: "" }).PORT).toBe(3000);
  });

  it.each([
    ["PORT", "0x10"],
    ["PORT", "1e3"],
    ["PORT", "3000.0"],
    ["PORT", "+3000"],
    ["WORKER_CONCURRENCY", "0b11"],
    ["WORKER_BATCH_SIZE", "0o7"],
    ["RETENTION_RUN_DAYS", "Infinity"],
  ])("refuse %s=%s naming it", (name, value) => {
    expect(() => envOf({ [name]: value })).toThrow(new RegExp(`^${name}: must be a whole number in decimal digits`));
  });
});

describe("empty settings", () => {
  it("mean the default for every setting, text ones included (a blank line in an env file)", () => {
    const blank = { DATABASE_URL: "", PUBLIC_URL: "", LOG_LEVEL: "", RETENTION_CRON: "", SEED_OWNER_EMAIL: "", SEED_OWNER_PASSWORD: "", DATA_DIR: "", BACKUP_CRON: "" };
    const e = envOf({ PORT: "4000", ...blank });
    expect(e).toMatchObject({ LOG_LEVEL: "info", RETENTION_CRON: "7 * * * *", SEED_OWNER_EMAIL: "owner@example.com", PUBLIC_URL: "http://localhost:4000" });
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.SEED_OWNER_PASSWORD).toBeUndefined();
    expect(e.BACKUP_CRON).toBeUndefined();
    expect(e.DATA_DIR).toMatch(/\.data$/);
  });
});

describe("PUBLIC_URL", () => {
  it("takes an origin plus an optional path, as the base of webhook URLs", () => {
    expect(envOf({ PUBLIC_URL: "https://flow.example.com" }).PUBLIC_URL).toBe("https://flow.example.com");
    expect(envOf({ PUBLIC_URL: "https://example.com:8443/flow/" }).PUBLIC_URL).toBe("https://example.com:8443/flow");
    expect(envOf({ PUBLIC_URL: "https://example.com/@team" }).PUBLIC_URL).toBe("https://example.com/@team");
  });

  // Each would make <PUBLIC_URL>/hooks/<token> a URL that reaches no webhook (the path lands in
  // the query or fragment) or hands the credentials to every system given a webhook URL.
  it.each(["https://flow.example.com/?tenant=1", "https://flow.example.com?", "https://flow.example.com/#frag", "https://user:pw@flow.example.com", "https://user@flow.example.com/x", "https://@flow.example.com"])(
    "refuses %s at start, naming it",
    (value) => {
      expect(() => envOf({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL: must be an origin plus an optional path, without \?, # or user:password$/);
    },
  );
});

describe("switches", () => {
  it("treat empty as the default, like the other settings", () => {
    expect(envOf({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(envOf({ INTAKE_FAST_PATH: "" }).INTAKE_FAST_PATH).toBe(true);
    expect(() => envOf({ TRUST_PROXY: "yes" })).toThrow(/^TRUST_PROXY: /);
  });
});

describe("HTTP_ALLOWED_PRIVATE_RANGES", () => {
  it("takes private ranges", () => {
    expect(envOf({ HTTP_ALLOWED_PRIVATE_RANGES: "10.20.0.0/16, fd12::/16, 127.0.0.0/8, 10.0.0.0/8, fc00::/7, 192.168.1.5" }).HTTP_ALLOWED_PRIVATE_RANGES).toContain("10.20.0.0/16");
  });

  it.each(["0.0.0.0/0", "::/0", "10.0.0.0/8, 0.0.0.0/1", "0.0.0.0/5", "10.0.0.0/7", "::/1"])("refuses %s, which would switch the SSRF guard off", (value) => {
    expect(() => envOf({ HTTP_ALLOWED_PRIVATE_RANGES: value })).toThrow(/^HTTP_ALLOWED_PRIVATE_RANGES: ".*" is broader than any private range/);
  });

  it.each(["172.16.0.0/11", "8.8.8.0/24", "2001:4860::/32"])("refuses %s, which reaches public addresses (never blocked: a typo)", (value) => {
    expect(() => envOf({ HTTP_ALLOWED_PRIVATE_RANGES: value })).toThrow(/^HTTP_ALLOWED_PRIVATE_RANGES: ".*" reaches public addresses/);
  });

  // The HTTP step checks an IPv4-mapped address as IPv4 and Node's BlockList matches IPv4
  // addresses against ::ffff: ranges: ::ffff:0:0/96 opens every IPv4 address, loopback included.
  it.each(["::ffff:0:0/96", "::ffff:0.0.0.0/96", "::ffff:0:0/95", "::/80", "::ffff:0:0/97", "::/96"])(
    "refuses %s, all or half of IPv4 written as IPv6",
    (value) => {
      expect(() => envOf({ HTTP_ALLOWED_PRIVATE_RANGES: value })).toThrow(/^HTTP_ALLOWED_PRIVATE_RANGES: "[^"]+" \(IPv4 0\.0\.0\.0\/[01]\) is broader than any private range/);
    },
  );

  it.each(["::ffff:8.8.8.0/120", "::ffff:808:800/120", "::ffff:172.16.0.0/107"])("refuses %s, public IPv4 written as IPv6", (value) => {
    expect(() => envOf({ HTTP_ALLOWED_PRIVATE_RANGES: value })).toThrow(/^HTTP_ALLOWED_PRIVATE_RANGES: "[^"]+" \(IPv4 [\d./]+\) reaches public addresses/);
  });

  it("takes a private IPv4 range written as IPv6, the same as its IPv4 form", () => {
    expect(envOf({ HTTP_ALLOWED_PRIVATE_RANGES: "::ffff:10.20.0.0/112, ::ffff:7f00:0/104, ::1" }).HTTP_ALLOWED_PRIVATE_RANGES).toContain("::ffff:10.20.0.0/112");
  });
});
