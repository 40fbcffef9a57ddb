// A LISTEN_HOST the web server cannot bind (a name that does not resolve, an address this
// machine does not have) is named in its failure: "web failed to start: getaddrinfo ENOTFOUND x"
// alone did not say which setting to fix.
import { describe, expect, it } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { runScript } from "@/tests/helpers/run-script";

describe("the web server on a LISTEN_HOST it cannot bind", () => {
  it.each([
    ["no-such-host.invalid", "getaddrinfo ENOTFOUND no-such-host.invalid"],
    ["192.0.2.1", "listen EADDRNOTAVAIL: address not available 192.0.2.1"],
  ])("%s: names LISTEN_HOST and PORT and exits 1", async (host, cause) => {
    const port = await freePort();
    const r = await runScript("server.ts", [], { LISTEN_HOST: host, PORT: String(port), NODE_ENV: "production" }, 60_000);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ level: "fatal", component: "web", msg: expect.stringContaining(`web failed to start: cannot listen on LISTEN_HOST ${host}, PORT ${port}: ${cause}`) });
    expect(r.code).toBe(1);
  });
});
