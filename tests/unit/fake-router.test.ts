// The fake MSP stack's router and recorder, and a few fake behaviours the blueprint tests
// rely on (batching, configurable free space, lifecycle filtering).
import { afterAll, describe, expect, it } from "vitest";
import { createRouter, FakeError, startFakeServer } from "@/tests/fakes/fake-server";
import { DEMO_GROUPS, DEMO_SKUS } from "@/tests/fakes/demo-data";
import { FAKE_AUTH_HEADERS as AUTH } from "@/tests/fakes/msp-connections";
import { startMspStack } from "@/tests/fakes/msp-stack";

describe("createRouter", () => {
  const router = createRouter()
    .on("GET", "/v1/users/:id", (r) => ({ body: r.params }))
    .on("POST", "/v1/groups/:gid/members/$ref", () => ({ status: 204 }));

  it("matches method and path, decoding parameters", () => {
    const m = router.match("get", "/v1/users/jane%40contoso.com");
    expect(m?.params).toEqual({ id: "jane@contoso.com" });
  });
  it("treats regex characters in literal segments literally and allows a trailing slash", () => {
    expect(router.match("POST", "/v1/groups/g1/members/$ref/")?.params).toEqual({ gid: "g1" });
    expect(router.match("POST", "/v1/groups/g1/members/Xref")).toBeNull();
  });
  it("does not match other methods or deeper paths", () => {
    expect(router.match("DELETE", "/v1/users/1")).toBeNull();
    expect(router.match("GET", "/v1/users/1/extra")).toBeNull();
  });
});

describe("startFakeServer", () => {
  it("records requests and maps FakeError to its status", async () => {
    const router = createRouter()
      .on("POST", "/things", (r) => ({ status: 201, body: { got: r.body } }))
      .on("GET", "/boom", () => {
        throw new FakeError(409, "already there");
      });
    const s = await startFakeServer("t", router, { requireHeader: { name: "X-API-Key", value: "k1" } });
    try {
      const ok = await fetch(`${s.baseUrl}/things?x=1`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": "k1" }, body: '{"a":1}' });
      expect(ok.status).toBe(201);
      expect(await ok.json()).toEqual({ got: { a: 1 } });
      expect((await fetch(`${s.baseUrl}/boom`, { headers: { "x-api-key": "k1" } })).status).toBe(409);
      expect((await fetch(`${s.baseUrl}/things`, { method: "POST" })).status).toBe(401);
      expect((await fetch(`${s.baseUrl}/nope`, { headers: { "x-api-key": "k1" } })).status).toBe(404);
      expect(s.received("POST", "/things")).toHaveLength(2);
      expect(s.requests[0]).toMatchObject({ method: "POST", path: "/things", query: { x: "1" }, body: { a: 1 } });
      expect(s.requests[0].headers["x-api-key"]).toBe("k1");
    } finally {
      await s.close();
    }
  });
});

describe("fake MSP stack", async () => {
  const stack = await startMspStack();
  afterAll(() => stack.close());
  // Each fake insists on its app connection's credentials.
  const auth = (url: string) => AUTH[stack.all.find((f) => url.startsWith(f.baseUrl))!.name];
  const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json", ...auth(url) }, body: JSON.stringify(body) });
  const get = (url: string) => fetch(url, { headers: auth(url) });

  it("directory: creates a user and applies a $batch of licence and group calls by skuId and object id", async () => {
    const upn = "ana.silva@contoso-dental.com";
    const user = { accountEnabled: true, displayName: "Ana Silva", userPrincipalName: upn, mailNickname: "ana.silva", usageLocation: "US" };
    const created = await post(`${stack.directory.baseUrl}/v1.0/users`, { ...user, passwordProfile: { password: "Weak", forceChangePasswordNextSignIn: true } });
    expect(created.status).toBe(400);
    const ok = await post(`${stack.directory.baseUrl}/v1.0/users`, { ...user, passwordProfile: { password: "Tr0ub4dor&3x!" } });
    expect(ok.status).toBe(201);
    const { id } = await ok.json();
    const batch = await post(`${stack.directory.baseUrl}/v1.0/$batch`, {
      requests: [
        { id: "1", method: "POST", url: `/users/${id}/assignLicense`, body: { addLicenses: [{ skuId: DEMO_SKUS.SPE_E3, disabledPlans: [] }], removeLicenses: [] } },
        { id: "2", method: "POST", url: `/groups/${DEMO_GROUPS.clinical}/members/$ref`, body: { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${id}` } },
        { id: "3", method: "POST", url: "/groups/5f0e2a1b-0000-4000-8000-000000000000/members/$ref", body: { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${id}` } },
      ],
    });
    const { responses } = await batch.json();
    expect(responses.map((r: { status: number }) => r.status)).toEqual([200, 204, 404]);
    const u = stack.directory.findUser(upn)!;
    expect(u.licenses).toEqual([DEMO_SKUS.SPE_E3]);
    expect(stack.directory.state.groups.get(DEMO_GROUPS.clinical)!.members.has(u.id)).toBe(true);
  });

  it("directory: answers 400 with Graph's error body where Graph would — part numbers and principal names", async () => {
    const dir = `${stack.directory.baseUrl}/v1.0`;
    const upn = "jamie.reed@contoso-dental.com";
    const refused = async (res: Response, message: RegExp) => {
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error).toMatchObject({ code: "Request_BadRequest", message: expect.stringMatching(message), innerError: { "request-id": expect.any(String) } });
    };
    await refused(await post(`${dir}/users/${upn}/assignLicense`, { addLicenses: [{ skuId: "O365_BUSINESS_PREMIUM" }], removeLicenses: [] }), /Invalid value specified for property 'skuId'/);
    await refused(await post(`${dir}/users/${upn}/assignLicense`, { addLicenses: [], removeLicenses: ["VISIOCLIENT"] }), /Invalid value specified for property 'skuId'/);
    await refused(await post(`${dir}/users/${upn}/assignLicense`, { addLicenses: [] }), /removeLicenses/);
    await refused(await post(`${dir}/users/${upn}/assignLicense`, { addLicenses: [], removeLicenses: [DEMO_SKUS.SPE_E3] }), /does not have a corresponding license/);
    await refused(await post(`${dir}/groups/${DEMO_GROUPS.billing}/members/$ref`, { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${upn}` }), /Invalid object identifier/);
    const skus = await (await get(`${dir}/subscribedSkus`)).json();
    expect(skus.value.map((s: { skuPartNumber: string; skuId: string }) => [s.skuPartNumber, s.skuId])).toContainEqual(["VISIOCLIENT", DEMO_SKUS.VISIOCLIENT]);
    const names = await (await post(`${dir}/directoryObjects/getByIds`, { ids: [DEMO_GROUPS.billing], types: ["group"] })).json();
    expect(names.value).toEqual([{ "@odata.type": "#microsoft.graph.group", id: DEMO_GROUPS.billing, displayName: "Billing" }]);
  });

  it("answers 401 without the app connection's credentials", async () => {
    expect((await fetch(`${stack.psa.baseUrl}/service/tickets/2001`)).status).toBe(401);
    expect((await get(`${stack.psa.baseUrl}/service/tickets/2001`)).status).toBe(200);
  });

  it("rmm: a cleanup script raises free space to the configured value", async () => {
    const before = await (await get(`${stack.rmm.baseUrl}/api/v2/devices/dev-1042/disks/C`)).json();
    expect(before).toMatchObject({ drive: "C:", freeGb: 9.5 });
    expect((await post(`${stack.rmm.baseUrl}/api/v2/devices/dev-1042/scripts/scr-unapproved/run`, {})).status).toBe(403);
    expect((await post(`${stack.rmm.baseUrl}/api/v2/devices/dev-1042/scripts/scr-cleanup-01/run`, {})).status).toBe(202);
    const after = await (await get(`${stack.rmm.baseUrl}/api/v2/devices/dev-1042/disks/C%3A`)).json();
    expect(after).toMatchObject({ freeGb: 41.2, freePercent: 17.4 });
  });

  it("inventory: lists expiring, expired and unsupported-OS devices with reasons", async () => {
    const body = await (await get(`${stack.inventory.baseUrl}/api/v1/devices/lifecycle?expiringWithinDays=90`)).json();
    const reasons = Object.fromEntries(body.devices.map((d: { hostname: string; reasons: string[] }) => [d.hostname, d.reasons]));
    expect(reasons).toEqual({
      "CD-CLINIC-01": ["warranty_expiring"],
      "CD-CLINIC-02": ["warranty_expiring"],
      "CD-CLINIC-07": ["unsupported_os"],
      "CD-FRONT-02": ["warranty_expired"],
      "CD-SRV-01": ["warranty_expiring"],
    });
  });

  it("psa: additions updated all-or-nothing", async () => {
    const url = `${stack.psa.baseUrl}/finance/agreements/AGR-4471/additions`;
    const bad = await fetch(url, { method: "PATCH", headers: { "content-type": "application/json", ...auth(url) }, body: JSON.stringify({ additions: [{ id: "ADD-1", quantity: 20 }, { id: "ADD-9", quantity: 1 }] }) });
    expect(bad.status).toBe(404);
    expect(stack.psa.state.agreements.get("AGR-4471")!.additions[0].quantity).toBe(18);
  });
});
