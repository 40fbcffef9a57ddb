// PUT /api/v1/workspaces/{ws}/variables/{key} without "secret" replaces the value and keeps the
// key's kind: a secret stays a secret (encrypted, never read back), a variable stays a variable.
// Only an explicit "secret" changes the kind; a new key without it is a plain variable.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

const base = () => `/api/v1/workspaces/${t.provider.id}/variables`;
const row = (key: string) => db().variable.findFirstOrThrow({ where: { workspaceId: t.provider.id, key } });

describe("PUT without secret keeps the kind", () => {
  it("a secret updated with only a value stays a secret, encrypted and never read back", async () => {
    expect((await t.tech.put(`${base()}/PSA_KEY`, { value: "old-secret-value", secret: true })).status).toBe(201);
    const put = await t.tech.put(`${base()}/PSA_KEY`, { value: "new-secret-value" });
    expect(put).toEqual({ status: 200, body: { variable: { key: "PSA_KEY", secret: true, hasValue: true, updatedAt: expect.any(String) } } });

    const list = await t.viewer.get(base());
    expect(list.body.variables).toContainEqual({ key: "PSA_KEY", secret: true, hasValue: true, updatedAt: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain("new-secret-value");
    const stored = await row("PSA_KEY");
    expect(stored.value).toBeNull();
    expect(stored.valueEncrypted).toMatch(/^v1:/);

    // Cleared the same way: still a secret, now without a value.
    expect((await t.tech.put(`${base()}/PSA_KEY`, { value: null })).body.variable).toMatchObject({ secret: true, hasValue: false });
  });

  it("a variable updated with only a value stays a variable; a new key without secret is a variable", async () => {
    expect((await t.tech.put(`${base()}/TENANT_URL`, { value: "https://a.example" })).body.variable).toMatchObject({ secret: false, value: "https://a.example" });
    expect((await t.tech.put(`${base()}/TENANT_URL`, { value: "https://b.example" })).body.variable).toMatchObject({ secret: false, value: "https://b.example" });
  });

  it("an explicit secret flag still changes the kind, both ways", async () => {
    await t.tech.put(`${base()}/FLIPPED`, { value: "v1", secret: true });
    expect((await t.tech.put(`${base()}/FLIPPED`, { value: "v2", secret: false })).body.variable).toMatchObject({ secret: false, value: "v2" });
    expect((await t.tech.put(`${base()}/FLIPPED`, { value: "v3", secret: true })).body.variable).toEqual({ key: "FLIPPED", secret: true, hasValue: true, updatedAt: expect.any(String) });
    expect((await row("FLIPPED")).value).toBeNull();
  });
});
