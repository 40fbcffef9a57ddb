// A malformed setting stops start-up with one line naming it (README, Configuration).
// LISTEN_HOST=999.1.1.1 passed: the launcher printed "open http://999.1.1.1:4112" and the web
// server failed five times with "getaddrinfo ENOTFOUND 999.1.1.1", never naming the setting.
// BACKUP_CRON=bogus was refused for having "no seconds field", which it never had.
import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";

const envOf = (vars: Record<string, string>) => loadEnv({ NODE_ENV: "test", SECRET_KEY: "a".repeat(64), ...vars });
const SHAPE = "LISTEN_HOST: must be an IP address or a host name, e.g. 127.0.0.1";

describe("LISTEN_HOST", () => {
  it.each(["127.0.0.1", "0.0.0.0", "::", "::1", "fe80::1", "localhost", "app.internal", "my-host.example.com."])("takes %s", (host) => {
    expect(envOf({ LISTEN_HOST: host }).LISTEN_HOST).toBe(host);
  });

  it.each([
    ["999.1.1.1", `${SHAPE}: 999.1.1.1 is no IPv4 address (four numbers 0–255, separated by dots)`],
    ["10.0.0", `${SHAPE}: 10.0.0 is no IPv4 address (four numbers 0–255, separated by dots)`],
    ["1.2.3.4.5", `${SHAPE}: 1.2.3.4.5 is no IPv4 address (four numbers 0–255, separated by dots)`],
    ["fe80:::1", `${SHAPE}: fe80:::1 is no IPv6 address`],
    ["[::1]", `${SHAPE}: [::1] is no IPv6 address (write it without brackets)`],
    ["-host", `${SHAPE}: -host is no host name (letters, digits and hyphens, in labels separated by dots)`],
    ["a..b", `${SHAPE}: a..b is no host name (letters, digits and hyphens, in labels separated by dots)`],
    ["host_name", `${SHAPE}: host_name is no host name (letters, digits and hyphens, in labels separated by dots)`],
  ])("refuses %s, naming the setting and why", (host, message) => {
    expect(() => envOf({ LISTEN_HOST: host })).toThrow(message);
  });
});

describe("BACKUP_CRON", () => {
  it("refuses a value that is no cron for lacking fields, not for a seconds field it does not have", () => {
    let message = "";
    try {
      envOf({ BACKUP_CRON: "bogus" });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe('BACKUP_CRON: "bogus" has 1 field: a cron has 5 (minute hour day-of-month month day-of-week) or is a macro such as @daily');
  });

  it("names the seconds field when there is one", () => {
    expect(() => envOf({ BACKUP_CRON: "0 0 3 * * *" })).toThrow('BACKUP_CRON: "0 0 3 * * *" has 6 fields: a cron has 5 (minute hour day-of-month month day-of-week) or is a macro such as @daily; schedules fire at most once a minute, so there is no seconds field');
  });
});
